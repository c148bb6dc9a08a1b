import type { ParsedPage } from '../../crawl/page';
import { normalizeEmail } from '../../normalize/email';
import { pageText } from './page-text';

/** An email address found on a page, and how. */
export interface FoundEmail {
  email: string;
  source_url: string;
  how: 'mailto' | 'text' | 'obfuscated' | 'cloudflare' | 'encoded' | 'structured';
}

const AT = String.raw`(?:\s*[[({<]\s*(?:at|ät|@|aet|arroba|chez)\s*[\])}>]\s*|\s+(?:at|AT)\s+|\s*@\s*)`;
const DOT = String.raw`(?:\s*[[({<]\s*(?:dot|punkt|point|punto|punt|\.)\s*[\])}>]\s*|\s+(?:dot|DOT|punkt|PUNKT)\s+|\.)`;
const LOCAL = String.raw`[a-z0-9][a-z0-9._%+-]*`;
const LABEL = String.raw`[a-z0-9](?:[a-z0-9-]*[a-z0-9])?`;
/** "info [at] example [dot] de", "info(at)example.de", "info AT example DOT com", and plain addresses. */
const EMAIL_IN_TEXT = new RegExp(String.raw`(${LOCAL})${AT}((?:${LABEL}${DOT})+[a-z]{2,24})\b`, 'giu');

const MAY_HOLD_EMAIL = /@|[[({<]\s*(?:at|ät|aet|arroba|chez)\s*[\])}>]|\s(?:at|AT)\s/i;

/** Image names and the like that look like addresses ("logo@2x.png"). */
const FILE_TLDS =
  /\.(?:png|jpe?g|gif|svg|webp|avif|ico|css|js|mjs|json|xml|pdf|woff2?|ttf|eot|mp4|webm|php|html?)$/i;
/** Placeholders, documentation domains and tracker mailboxes, not the business's address. */
const PLACEHOLDER =
  /(?:@|\.)(?:example\.(?:com|net|org)|domain\.(?:com|tld)|yourdomain\.[a-z]+|your-domain\.[a-z]+|email\.(?:com|tld)|sentry(?:-next)?\.wixpress\.com|sentry\.io|[a-z0-9-]+\.(?:test|invalid|example|localhost))$|^(?:you|your\.?name|name|user|username|email|max\.mustermann|john\.doe|jane\.doe)@/i;

/** Every email address a page shows, de-obfuscated; each once, in order of discovery. */
export function findEmails(page: ParsedPage): FoundEmail[] {
  const found = new Map<string, FoundEmail>();
  const add = (raw: string | null | undefined, how: FoundEmail['how']) => {
    const email = cleanEmail(raw);
    if (email && !found.has(email)) found.set(email, { email, source_url: page.url, how });
  };
  const $ = page.$;

  $('a[href]').each((_, el) => {
    const href = $(el).attr('href') ?? '';
    // Some sites write "mailto:Mailto:info@…" or "mailto:%20info@…".
    if (/^\s*mailto:/i.test(href)) add(safeDecode(href).replace(/^(\s*mailto:\s*)+/i, ''), 'mailto');
    const cloudflare = /\/cdn-cgi\/l\/email-protection#([0-9a-f]+)/i.exec(href);
    if (cloudflare?.[1]) add(decodeCloudflareEmail(cloudflare[1]), 'cloudflare');
  });
  $('[data-cfemail]').each((_, el) =>
    add(decodeCloudflareEmail($(el).attr('data-cfemail') ?? ''), 'cloudflare'),
  );
  // WordPress "Email Encoder" plugins: ROT13 with [at].
  $('[data-enc-email]').each((_, el) =>
    add(rot13(($(el).attr('data-enc-email') ?? '').replace(/\[at\]/gi, '@')), 'encoded'),
  );
  // Text reversed in the source and turned round by CSS ("ed.elpmaxe@ofni" with direction: rtl).
  $('[style*="rtl" i]').each((_, el) => {
    if (/unicode-bidi\s*:\s*bidi-override/i.test($(el).attr('style') ?? '')) {
      add([...$(el).text().trim()].reverse().join(''), 'encoded');
    }
  });

  // Visible text: entities are already decoded by the parser ("&#105;&#110;&#102;&#111;&#64;…" → "info@…").
  // Only lines with an "@" or an at-word are searched: the full pattern is slow on long texts.
  const lines = pageText(page)
    .blocks.map((b) => b.text)
    .filter((line) => MAY_HOLD_EMAIL.test(line));
  for (const match of lines.join('\n').matchAll(EMAIL_IN_TEXT)) {
    const [whole, local, domain] = match;
    if (!local || !domain) continue;
    const plain = /^[^\s[\](){}<>]*@[^\s[\](){}<>]*$/.test(whole);
    // A bare " at " needs a spelled-out dot too: "look at example.com" is prose, "info at example dot com" is not.
    if (/\s(?:at|AT)\s/.test(whole) && !/\s(?:dot|DOT|punkt|PUNKT)\s|[[({<]/.test(whole)) continue;
    add(`${local}@${deobfuscateDomain(domain)}`, plain ? 'text' : 'obfuscated');
  }
  return [...found.values()];
}

function cleanEmail(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const email = normalizeEmail(raw.trim());
  if (!email || FILE_TLDS.test(email) || PLACEHOLDER.test(email)) return null;
  return email;
}

/** "info [at] example [dot] de" → "info@example.de" (for attribute values found whole). */
export function deobfuscate(text: string): string {
  const match = new RegExp(`^\\s*(${LOCAL})${AT}(.+?)\\s*$`, 'iu').exec(text);
  if (!match?.[1] || !match[2]) return text;
  return `${match[1]}@${deobfuscateDomain(match[2])}`;
}

function deobfuscateDomain(domain: string): string {
  return domain.replace(new RegExp(DOT, 'giu'), '.').replace(/\s+/g, '');
}

/** Cloudflare's email protection: the first byte is the key every other byte is XORed with. */
export function decodeCloudflareEmail(hex: string): string | null {
  if (!/^(?:[0-9a-f]{2}){2,}$/i.test(hex)) return null;
  const key = Number.parseInt(hex.slice(0, 2), 16);
  let out = '';
  for (let i = 2; i < hex.length; i += 2)
    out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 2), 16) ^ key);
  try {
    // The plugin encodes UTF-8 bytes.
    return decodeURIComponent(escape(out));
  } catch {
    return out;
  }
}

export function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

import { parse } from 'tldts';
import type { ParsedPage } from '../../crawl/page';
import { normalizeEmail } from '../../normalize/email';
import { collapseSpaces } from '../../normalize/text';
import { isInArticleBody } from './page-kind';
import { pageText } from './page-text';
import { AUTHORITY } from './phones';

/** An address is at most 320 characters (64 before the @, 255 after): a longer "address" is no address. */
const MAX_EMAIL_CHARS = 320;

/** An email address found on a page, and how. */
export interface FoundEmail {
  email: string;
  source_url: string;
  how: 'mailto' | 'text' | 'obfuscated' | 'cloudflare' | 'encoded' | 'structured';
  /** Found only inside an article's body (a post about others: see collectContacts). */
  inArticleBody: boolean;
}

// A bare "@" with a space on one side only is a social handle ("Instagram als @dussmann.official"), not an address.
// Every pattern built from these is case-insensitive: "dot|DOT" listed both once, and since the DOT repeats in a
// domain, each " dot " could be read two ways — time doubling with each one (src/redos.test.ts).
const AT = String.raw`(?:\s*[[({<]\s*(?:at|ät|@|aet|arroba|chez)\s*[\])}>]\s*|\s+at\s+|@|\s+@\s+)`;
const DOT = String.raw`(?:\s*[[({<]\s*(?:dot|punkt|point|punto|punt|\.)\s*[\])}>]\s*|\s+(?:dot|punkt)\s+|\.)`;
const LOCAL = '[a-z0-9][a-z0-9._%+-]*';
const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
/**
 * "info [at] example [dot] de", "info(at)example.de", "info AT example DOT com", and plain addresses. A match starts
 * where a run of address characters starts (leading punctuation skipped, outside the local part): started inside
 * a long run as well, the pattern took time growing with the square of its length. It finds the same addresses.
 */
const EMAIL_IN_TEXT = new RegExp(
  String.raw`(?<![a-z0-9._%+-])[._%+-]*(${LOCAL})${AT}((?:${LABEL}${DOT})+[a-z]{2,24})\b`,
  'giu',
);

const MAY_HOLD_EMAIL = /@|[[({<]\s*(?:at|ät|aet|arroba|chez)\s*[\])}>]|\s(?:at|AT)\s/i;

/** Image names and the like that look like addresses ("logo@2x.png"). */
const FILE_TLDS =
  /\.(?:png|jpe?g|gif|svg|webp|avif|ico|css|js|mjs|json|xml|pdf|woff2?|ttf|eot|mp4|webm|php|html?)$/i;
/**
 * Decoys a page hides from people but not from harvesters ("info@<span hidden>spam.</span>example.com"
 * where the stylesheet hides the span; "info@nospam.example.com", "removethis"), and machine mailboxes: a hash
 * for a name is an error tracker's or a mailing tool's, never a person's.
 */
const DECOY =
  /@(?:no-?spam|spam|remove-?this|delete-?this|anti-?spam)[.-]|removethis|nospam|^[0-9a-f]{16,}@|^bounces?[+-]/i;
/** Placeholders, documentation domains and tracker mailboxes, not the business's address. */
const PLACEHOLDER =
  /(?:@|\.)(?:example\.(?:com|net|org)|domain\.(?:com|tld)|yourdomain\.[a-z]+|your-domain\.[a-z]+|email\.(?:com|tld)|sentry(?:-next)?\.wixpress\.com|sentry\.io|[a-z0-9-]+\.(?:test|invalid|example|localhost))$|^(?:you|your\.?name|name|user|username|email|max\.mustermann|john\.doe|jane\.doe)@/i;

/** Every email address a page shows, de-obfuscated; each once, in order of discovery. */
export function findEmails(page: ParsedPage): FoundEmail[] {
  const found = new Map<string, FoundEmail>();
  const add = (raw: string | null | undefined, how: FoundEmail['how'], inArticleBody: boolean) => {
    const email = cleanEmail(raw);
    if (!email) return;
    const known = found.get(email);
    if (!known) found.set(email, { email, source_url: page.url, how, inArticleBody });
    else if (!inArticleBody) known.inArticleBody = false;
  };
  const inBody = (el: unknown) => isInArticleBody(page, el as never);
  const $ = page.$;

  $('a[href]').each((_, el) => {
    const href = $(el).attr('href') ?? '';
    // Some sites write "mailto:Mailto:info@…", "mailto:%20info@…" or "mailto://info@…".
    if (/^\s*mailto:/i.test(href))
      add(safeDecode(href).replace(/^(\s*mailto:[\s/]*)+/i, ''), 'mailto', inBody(el));
    const cloudflare = /\/cdn-cgi\/l\/email-protection#([0-9a-f]+)/i.exec(href);
    if (cloudflare?.[1]) add(decodeCloudflareEmail(cloudflare[1]), 'cloudflare', inBody(el));
  });
  $('[data-cfemail]').each((_, el) =>
    add(decodeCloudflareEmail($(el).attr('data-cfemail') ?? ''), 'cloudflare', inBody(el)),
  );
  // WordPress "Email Encoder" plugins: ROT13 with [at].
  $('[data-enc-email]').each((_, el) =>
    add(rot13(($(el).attr('data-enc-email') ?? '').replace(/\[at\]/gi, '@')), 'encoded', inBody(el)),
  );
  // Hex-encoded addresses that a script decodes ("6B756E64656E…" in an element named like a mail link).
  $('[class*="mail" i]').each((_, el) => {
    const hex = $(el).text().trim();
    // An address is at most a few hundred characters: longer text is none, and is not scanned (the pattern
    // backtracks on a long run of hex digits).
    if (hex.length > MAX_HEX_EMAIL_CHARS) return;
    const match = /^((?:[0-9a-f]{2}){8,}?)(?:\1)?$/i.exec(hex);
    if (match?.[1]) add(Buffer.from(match[1], 'hex').toString('utf8'), 'encoded', inBody(el));
  });
  // Text reversed in the source and turned round by CSS ("ed.elpmaxe@ofni" with direction: rtl).
  $('[style*="rtl" i]').each((_, el) => {
    if (/unicode-bidi\s*:\s*bidi-override/i.test($(el).attr('style') ?? '')) {
      add([...$(el).text().trim()].reverse().join(''), 'encoded', inBody(el));
    }
  });

  // Visible text: entities are already decoded by the parser ("&#105;&#110;&#102;&#111;&#64;…" → "info@…").
  // Only blocks with an "@" or an at-word are searched: the full pattern is slow on long texts.
  for (const block of pageText(page).blocks) {
    if (!MAY_HOLD_EMAIL.test(block.text)) continue;
    for (const match of block.text.matchAll(EMAIL_IN_TEXT)) {
      const [whole, local, domain] = match;
      if (!local || !domain) continue;
      const plain = /^[^\s[\](){}<>]*@[^\s[\](){}<>]*$/.test(whole);
      // A bare " at " needs a spelled-out dot too: "look at example.com" is prose, "info at example dot com" is not.
      if (/\s(?:at|AT)\s/.test(whole) && !/\s(?:dot|DOT|punkt|PUNKT)\s|[[({<]/.test(whole)) continue;
      add(
        `${withoutGluedLabel(local)}@${deobfuscateDomain(domain)}`,
        plain ? 'text' : 'obfuscated',
        block.isArticle && !block.isChrome,
      );
    }
  }
  // "emailinfo@…" beside a mailto: info@…: the text glued a label to an address the page gives on its own too.
  const authorities = authorityText(page);
  const ownDomain = parse(page.url).domain;
  return [...found.values()].filter((e) => {
    // The supervisory authority's, the court's or the chamber's address, which an imprint gives with its own.
    if (authorities.includes(e.email) && parse(e.email.split('@')[1] ?? '').domain !== ownDomain)
      return false;
    const glued =
      e.email.length <= MAX_EMAIL_CHARS
        ? /^(?:e-?mail|mail|kontakt|contact|contacto|contatto|correo)(.+@.+)$/i.exec(e.email)?.[1]
        : undefined;
    return !(e.how === 'text' && glued && found.has(glued));
  });
}

/** Lines after an authority's name that still give its address, phone and email. */
const AUTHORITY_LINES = 6;

/**
 * The text (lower case) an imprint gives about another authority: the section under a heading that names one
 * ("Aufsichtsbehörden:"), and the lines after a line that names one ("Der Präsident des Landgerichts Landshut").
 */
function authorityText(page: ParsedPage): string {
  const parts: string[] = [];
  let until = -1;
  let inSection = false;
  for (const [at, block] of pageText(page).blocks.entries()) {
    const isHeading = /^h[1-6]$/.test(block.tag);
    if (isHeading) inSection = AUTHORITY.test(block.text);
    else if (AUTHORITY.test(block.text)) until = at + AUTHORITY_LINES;
    if (inSection || at <= until) parts.push(block.text.toLowerCase());
  }
  return parts.join('\n');
}

/**
 * A label the page's markup glued to the address ("Kontakt" + "g.x@firma.de" read as "Kontaktg.x@firma.de",
 * "E-Mailinfo@…"): a capitalised label word ending where a lower-case address starts. The label is dropped;
 * "kontakt@…" or "Kontakt@…" alone is an address of its own and kept.
 */
const GLUED_LABEL =
  /^(?:Kontakt|Contact|Contacto|Contatto|Kontaktieren|E-?[Mm]ail|Mail|Correo|Courriel|Adresse)(?=[a-z0-9])/;
function withoutGluedLabel(local: string): string {
  const match = GLUED_LABEL.exec(local);
  if (!match) return local;
  const rest = local.slice(match[0].length);
  // "Contactus", "Mailbox", "Kontakter": a word that goes on in lower case is one name, not label + address.
  return /^[a-z]{0,3}$|^(?:us|box|er|en|o|a|e)(?:$|[._-])/.test(rest) ? local : rest;
}

function cleanEmail(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const email = normalizeEmail(raw.trim());
  if (!email || FILE_TLDS.test(email) || PLACEHOLDER.test(email) || DECOY.test(email)) return null;
  // Only a domain under a real top-level domain: "@dussmann.official" or "@2x.webp" is no address.
  if (parse(email.slice(email.indexOf('@') + 1)).isIcann !== true) return null;
  return email;
}

/** Hex-encoded addresses longer than this are not read (2 × the longest address, twice). */
const MAX_HEX_EMAIL_CHARS = 1024;

const OBFUSCATED_WHOLE = new RegExp(`^\\s*(${LOCAL})${AT}(.+?)\\s*$`, 'iu');
const OBFUSCATED_DOT = new RegExp(DOT, 'giu');

/** "info [at] example [dot] de" → "info@example.de" (for attribute values found whole). */
export function deobfuscate(text: string): string {
  // Spaces collapsed first: an attribute may hold long runs of them, over which the pattern backtracks.
  const match = OBFUSCATED_WHOLE.exec(collapseSpaces(text));
  if (!match?.[1] || !match[2]) return text;
  return `${match[1]}@${deobfuscateDomain(match[2])}`;
}

function deobfuscateDomain(domain: string): string {
  return domain.replace(OBFUSCATED_DOT, '.').replace(/\s+/g, '');
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

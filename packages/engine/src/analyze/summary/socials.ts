import type { ParsedPage } from '../../crawl/page';
import { trimEndChars } from '../../normalize/trim';

type SocialNetwork = 'facebook' | 'instagram' | 'linkedin' | 'x' | 'youtube' | 'tiktok' | 'xing';

export interface FoundSocial {
  network: SocialNetwork;
  /** Canonical profile URL: https, no www, no query, no trailing slash. */
  url: string;
  /** Folded account name, for comparing across networks. */
  handle: string;
  source_url: string;
}

interface Candidate extends FoundSocial {
  score: number;
}

const HOSTS: Array<[RegExp, SocialNetwork]> = [
  [/^(?:[a-z]{2,3}(?:-[a-z]{2})?\.|m\.|web\.)?facebook\.com$|^fb\.com$/, 'facebook'],
  [/^instagram\.com$/, 'instagram'],
  [/^(?:[a-z]{2}\.)?linkedin\.com$/, 'linkedin'],
  [/^(?:mobile\.)?(?:twitter|x)\.com$/, 'x'],
  [/^(?:m\.)?youtube\.com$/, 'youtube'],
  [/^tiktok\.com$/, 'tiktok'],
  [/^xing\.com$/, 'xing'],
];

/** The first path segment(s) that make a profile URL on each network; everything else (share, posts) is not one. */
const PROFILE_PATH: Record<SocialNetwork, RegExp> = {
  facebook:
    /^\/(?!sharer|share|dialog|plugins|tr\b|policies|privacy|help|login|events|groups\/?$|hashtag|watch|photo|story|permalink|legal|business\/help|[0-9]{4}\/)(pages\/[^/]+\/\d+|people\/[^/]+\/\d+|profile\.php\?id=\d+|groups\/[^/?#]+|[A-Za-z0-9.\-_]{2,})/,
  instagram:
    /^\/(?!p\/|reel\/|explore\/|accounts\/|about\/|developer\/|legal\/|stories\/)([A-Za-z0-9._]{2,})/,
  linkedin: /^\/((?:company|in|school|showcase)\/[^/?#]+)/,
  x: /^\/(?!share|intent|home|search|hashtag|i\/|status|login|privacy|tos)([A-Za-z0-9_]{1,15})(?:\/?$|\/?[?#])/,
  youtube:
    /^\/((?:channel|c|user)\/[^/?#]+|@[^/?#]+|(?!watch|embed|results|playlist|shorts|redirect|feed|t\/|about|howyoutubeworks|iframe_api)[A-Za-z0-9_-]{3,}$)/,
  tiktok: /^\/(@[^/?#]+)/,
  xing: /^\/((?:companies|pages|profile)\/[^/?#]+)/,
};

const OWN_AREA = /(?:^|[\s_-])(?:social|socials|follow|footer|header|contact|kontakt|share-?icons|sameas)/i;

/**
 * Profiles of the business on the big networks. Links of a site mix its own profiles with mentions (a blog post
 * linking someone else), theme credits and share buttons; so each candidate is scored — listed in schema.org
 * sameAs, marked rel="me", named like the site, placed in header/footer/social areas, repeated — and per network
 * the best scoring ones are kept. An account that loses on one network to one named like the site is dropped
 * everywhere (a theme's demo profiles usually come as a set).
 */
export function findSocials(pages: ParsedPage[], siteNames: string[], sameAs: string[]): FoundSocial[] {
  const identities = siteNames.map(fold).filter((n) => n.length >= 4);
  const candidates = new Map<string, Candidate>();
  const consider = (href: string, page: ParsedPage, bonus: number) => {
    const profile = profileOf(href);
    if (!profile) return;
    // Profile names are case-insensitive (YouTube channel ids are not, but never differ only in case).
    const key = profile.url.toLowerCase();
    const known = candidates.get(key);
    if (known) {
      known.score += Math.min(bonus, 3) + 0.5;
      return;
    }
    const matchesSite = identities.some((id) => sameName(profile.handle, id));
    candidates.set(key, { ...profile, source_url: page.url, score: bonus + (matchesSite ? 3 : 0) });
  };
  for (const url of sameAs) consider(url, pages[0] ?? ({ url: '' } as ParsedPage), 4);
  for (const page of pages) {
    const $ = page.$;
    $('a[href]').each((_, el) => {
      const a = $(el);
      const href = a.attr('href') ?? '';
      if (!/(?:facebook|instagram|linkedin|twitter|x|youtube|tiktok|xing|fb)\.com/i.test(href)) return;
      let bonus = 0;
      if (/\bme\b/i.test(a.attr('rel') ?? '')) bonus += 3;
      const area = a.closest(
        'header, footer, nav, aside, [class*="social" i], [id*="social" i], [class*="follow" i]',
      );
      if (area.length) bonus += 1;
      else if (a.closest('article p, main p, .entry-content, .post-content, blockquote').length) bonus -= 2;
      const label = `${a.attr('class') ?? ''} ${a.parent().attr('class') ?? ''}`;
      if (OWN_AREA.test(label)) bonus += 0.5;
      consider(href, page, bonus);
    });
  }

  const byNetwork = new Map<SocialNetwork, Candidate[]>();
  for (const c of candidates.values()) byNetwork.set(c.network, [...(byNetwork.get(c.network) ?? []), c]);
  const foreign = new Set<string>();
  for (const list of byNetwork.values()) {
    const own = list.filter((c) => identities.some((id) => sameName(c.handle, id)));
    if (own.length) for (const c of list) if (!own.includes(c)) foreign.add(c.handle);
  }
  const out: FoundSocial[] = [];
  for (const list of byNetwork.values()) {
    const kept = list.filter((c) => !foreign.has(c.handle) && c.score > 0);
    const top = Math.max(...kept.map((c) => c.score));
    for (const c of kept.filter((k) => k.score >= top - 0.5).slice(0, 2)) {
      out.push({ network: c.network, url: c.url, handle: c.handle, source_url: c.source_url });
    }
  }
  return out;
}

/** The canonical profile behind a link, or null when it is not a profile (share buttons, posts, pixels). */
export function profileOf(href: string): Omit<FoundSocial, 'source_url'> | null {
  let url: URL;
  try {
    url = new URL(href.trim().replace(/^\/\//, 'https://'));
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const network = HOSTS.find(([pattern]) => pattern.test(host))?.[1];
  if (!network) return null;
  const path =
    network === 'facebook' && url.pathname === '/profile.php' ? `/profile.php${url.search}` : url.pathname;
  const match = PROFILE_PATH[network].exec(path);
  if (!match?.[1]) return null;
  const id = trimEndChars(match[1], '/');
  const canonicalHost = network === 'x' ? 'x.com' : `${network}.com`;
  const handle = fold(
    id
      .replace(/^(?:company|in|school|showcase|companies|pages|profile|channel|c|user)\//, '')
      .replace(/^@/, ''),
  );
  if (!handle) return null;
  return { network, url: `https://${canonicalHost}/${id}`, handle };
}

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\.(?:de|com|at|ch|net|org|eu|it|fr|es|nl|co|uk|io)$/, '')
    .replace(/[^a-z0-9]+/g, '');
}

/** "daheimsolareness" ~ "daheimsolar"; "mgmtcircle" ~ "managementcircle" (a shared run of 6+ letters). */
function sameName(handle: string, identity: string): boolean {
  if (handle.length < 3) return false;
  if (handle.includes(identity) || identity.includes(handle)) return true;
  for (let i = 0; i + 6 <= handle.length; i += 1) if (identity.includes(handle.slice(i, i + 6))) return true;
  return false;
}

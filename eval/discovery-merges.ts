/**
 * How the discovery-data eval judges a merge (rules of its own, written apart from the engine's keys): a pair of
 * records is one place, branches of one business, or wrong, read from their names, websites, phones and places; a
 * merged group is judged by the pairs that link its records, with whether it keeps every phone and website and
 * whether it took the main business's name.
 */
import type { MergedRecord, Record_ } from './discovery-engine';

/** Lower case, no accents, "&" as "and", words separated by single spaces. */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .replace(/&/g, ' and ')
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const href = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`;
    return new URL(href).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

const domainsOf = (r: Record_) =>
  new Set(
    [r.domain, r.website, ...(r.websites ?? [])]
      .map((value) => hostOf(value))
      .filter((host): host is string => host !== null),
  );
const phonesOf = (r: Record_) =>
  new Set(
    [r.phone, ...(r.phones ?? [])]
      .filter((phone): phone is string => Boolean(phone))
      .map((phone) => phone.replace(/\D/g, ''))
      .filter((digits) => digits.length >= 6),
  );
const shares = (a: Set<string>, b: Set<string>) => [...a].some((value) => b.has(value));
const streetOf = (r: Record_) => (r.address ? fold(r.address).replace(/ /g, '') : '');

function metersApart(a: Record_, b: Record_): number {
  const rad = Math.PI / 180;
  const dLat = ((b.lat as number) - (a.lat as number)) * rad;
  const dLng = ((b.lng as number) - (a.lng as number)) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos((a.lat as number) * rad) * Math.cos((b.lat as number) * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** One place: within 250 m, else the same street line, else the same city; nothing to compare is one place. */
function samePlace(a: Record_, b: Record_): { yes: boolean; how: string } {
  if (a.lat !== null && a.lng !== null && b.lat !== null && b.lng !== null) {
    const m = metersApart(a, b);
    return {
      yes: m <= 250,
      how: m < 1000 ? `${Math.round(m)} m apart` : `${(m / 1000).toFixed(1)} km apart`,
    };
  }
  if (streetOf(a) && streetOf(b)) {
    const yes = streetOf(a) === streetOf(b) && (!a.city || !b.city || fold(a.city) === fold(b.city));
    return { yes, how: yes ? 'same street line' : 'other street lines' };
  }
  if (a.city && b.city) {
    const yes = fold(a.city) === fold(b.city);
    return { yes, how: yes ? 'same city, no street line' : 'other cities' };
  }
  return { yes: true, how: 'no place to compare' };
}

/** A name without what follows a dash, underscore or comma ("Stop N Go Gyros - Dallas" → "stop n go gyros"). */
const baseName = (name: string) => fold(name.split(/\s[-–]\s?|_|,/)[0] ?? name);

/**
 * Two names of one business: the same (spaces aside: "Tap to Learn", "TapToLearn"), one inside the other
 * ("Little Greek Fresh Grill", "Little Greek Fresh Grill- Halal") or the same before a branch's suffix.
 */
function alikeNames(a: string, b: string): 'same' | 'alike' | null {
  const na = fold(a);
  const nb = fold(b);
  if (na.replace(/ /g, '') === nb.replace(/ /g, '')) return 'same';
  if (` ${nb} `.includes(` ${na} `) || ` ${na} `.includes(` ${nb} `)) return 'alike';
  return baseName(a) !== '' && baseName(a) === baseName(b) ? 'alike' : null;
}

export type PairVerdict = 'place' | 'branch' | 'wrong';

/**
 * The rules a merge of two records is judged by (ours, written apart from the engine's keys):
 *  right, one place (within 250 m, else the same street line, else the same city):
 *   1. the same website and the same phone (a hotel and its own restaurant);
 *   2. the same name (a place mapped twice, a row listed twice);
 *   3. alike names (see alikeNames) with a shared website or phone;
 *  right, branches: alike names sharing a website or phone at different places (a bank's two branches, a chain's
 *   restaurants): one business with several places, which the engine merges on purpose; counted apart;
 *  wrong: anything else — different names sharing only a phone or a website (three guest houses on one number,
 *   one operator's canteens), or the same name with nothing shared at different places.
 */
function judgePair(a: Record_, b: Record_): { verdict: PairVerdict; why: string } {
  const place = samePlace(a, b);
  const site = shares(domainsOf(a), domainsOf(b));
  const phone = shares(phonesOf(a), phonesOf(b));
  const names = alikeNames(a.name, b.name);
  const shared = [site && 'website', phone && 'phone'].filter(Boolean).join(' and ') || 'nothing';
  if (place.yes) {
    if (site && phone) return { verdict: 'place', why: `same website and phone, ${place.how}` };
    if (names === 'same') return { verdict: 'place', why: `same name, ${place.how}` };
    if (names && (site || phone))
      return { verdict: 'place', why: `alike names, same ${shared}, ${place.how}` };
  } else if (names && (site || phone)) {
    return { verdict: 'branch', why: `branches: ${names} names, same ${shared}, ${place.how}` };
  }
  return {
    verdict: 'wrong',
    why: `${names ? `${names} names` : 'different names'} sharing ${shared}, ${place.how}`,
  };
}

const compact = (text: string) => fold(text).replace(/ /g, '');
/** A name as a German website writes it ("Gästehaus" → gaestehaus). */
const spelt = (text: string) =>
  compact(text.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue'));

/** See MergeReport.namedAfterMain. */
function namedAfterMain(merged: MergedRecord, members: Record_[]): boolean | null {
  if (new Set(members.map((m) => compact(m.name))).size < 2) return null;
  const labels = new Set(
    members.flatMap((m) => [...domainsOf(m)]).map((domain) => compact(domain.split('.')[0] ?? '')),
  );
  labels.delete('');
  const main = members.filter((m) => labels.has(compact(m.name)) || labels.has(spelt(m.name)));
  if (main.length === 0) return null;
  return main.some((m) => compact(m.name) === compact(merged.name));
}

export interface MergeReport {
  where: string;
  name: string;
  members: { ref: string; name: string }[];
  /** One place, one business's branches, or not one business (see judgePair). */
  verdict: PairVerdict;
  /** Every phone and every website of its records is on the merged record. */
  keepsAll: boolean;
  /**
   * Records of different names whose main business can be told (its name is its website's: "Schloss Lieser" on
   * schlosslieser.de, not its "Restaurant Puricelli"): whether the merge took that name. Null when it cannot be told.
   */
  namedAfterMain: boolean | null;
  pairs: string[];
}

/**
 * A group is one place when its records are all linked by one-place pairs, branches when they are linked once
 * branch pairs count too, else wrong. Each record after the first is shown with the pair that links it (or, when
 * none does, with the first record); the same line for many records is shown once with a count.
 */
export function judgeGroup(where: string, merged: MergedRecord, members: Record_[]): MergeReport {
  const verdicts = members.map((a, i) => members.map((b, j) => (i < j ? judgePair(a, b) : null)));
  const pairOf = (i: number, j: number) => verdicts[Math.min(i, j)]?.[Math.max(i, j)] ?? null;
  const linked = (accept: PairVerdict[]) => {
    const reached = new Set([0]);
    for (let grew = true; grew; ) {
      grew = false;
      for (let j = 0; j < members.length; j++) {
        if (reached.has(j)) continue;
        if ([...reached].some((i) => accept.includes(pairOf(i, j)?.verdict as PairVerdict))) {
          reached.add(j);
          grew = true;
        }
      }
    }
    return reached.size === members.length;
  };
  const verdict: PairVerdict = linked(['place']) ? 'place' : linked(['place', 'branch']) ? 'branch' : 'wrong';
  const lines = new Map<string, number>();
  for (let j = 1; j < members.length; j++) {
    const candidates = members.slice(0, j).map((_, i) => ({ i, pair: pairOf(i, j) }));
    const best =
      candidates.find((c) => c.pair?.verdict === 'place') ??
      candidates.find((c) => c.pair?.verdict === 'branch') ??
      candidates[0];
    const a = members[best?.i ?? 0] as Record_;
    const b = members[j] as Record_;
    const text = `${best?.pair?.verdict === 'wrong' ? 'no' : 'ok'}: ${a.name} + ${b.name}: ${best?.pair?.why}`;
    lines.set(text, (lines.get(text) ?? 0) + 1);
  }
  const pairs = [...lines].map(([text, n]) => (n > 1 ? `${text} (×${n})` : text));
  const keptPhones = phonesOf(merged);
  const keptSites = domainsOf(merged);
  const keepsAll = members.every(
    (m) =>
      [...phonesOf(m)].every((p) => keptPhones.has(p)) && [...domainsOf(m)].every((d) => keptSites.has(d)),
  );
  return {
    where,
    name: merged.name,
    members: members.map((m) => ({ ref: m.source_ref ?? '?', name: m.name })),
    verdict,
    keepsAll,
    // Which name a wrong merge took does not matter: it should not have been made.
    namedAfterMain: verdict === 'wrong' ? null : namedAfterMain(merged, members),
    pairs,
  };
}

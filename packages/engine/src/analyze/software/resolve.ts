import type { Fingerprints } from './fingerprints';
import { groupOf } from './groups';
import type { PatternHit } from './match-page';
import type { Detection, Evidence } from './types';

const MAX_EVIDENCE = 5;
const MAX_EVIDENCE_PER_TYPE = 2;

interface Found {
  confidenceByPattern: Map<number, number>;
  versions: string[];
  evidence: Evidence[];
}

interface Resolved {
  /** Reported only because another technology implies it. */
  implied: boolean;
  confidence: number;
  version: string | null;
  evidence: Evidence[];
}

/** Longest plausible version wins (Wappalyzer's rule); versions were already checked by resolveVersion. */
function bestVersion(versions: string[]): string | null {
  return versions.reduce<string | null>((best, v) => (!best || v.length > best.length ? v : best), null);
}

/** Up to five pieces, at most two of a kind, so different kinds of evidence show. */
function addEvidence(list: Evidence[], evidence: Evidence): void {
  if (list.length >= MAX_EVIDENCE) return;
  if (list.filter((e) => e.type === evidence.type).length >= MAX_EVIDENCE_PER_TYPE) return;
  if (!list.some((e) => e.type === evidence.type && e.match === evidence.match)) list.push(evidence);
}

/**
 * Turns pattern hits (from one page or all pages of a site) into detections: confidence per technology is the
 * sum over distinct patterns capped at 100; technologies with `requires`/`requiresCategory` count only when what
 * they require is present; `excludes` remove; `implies` add (confidence = the lower of the two).
 */
export function resolveDetections(hits: PatternHit[], fp: Fingerprints): Detection[] {
  const found = new Map<number, Found>();
  for (const hit of hits) {
    let entry = found.get(hit.pattern.tech);
    if (!entry) {
      entry = { confidenceByPattern: new Map(), versions: [], evidence: [] };
      found.set(hit.pattern.tech, entry);
    }
    entry.confidenceByPattern.set(hit.pattern.id, hit.pattern.confidence);
    if (hit.version) entry.versions.push(hit.version);
    addEvidence(entry.evidence, hit.evidence);
  }
  const direct = new Map<number, Resolved>();
  for (const [tech, entry] of found) {
    let confidence = 0;
    for (const c of entry.confidenceByPattern.values()) confidence += c;
    // A pattern with confidence 0 is a hint only; alone it detects nothing.
    if (confidence > 0) {
      direct.set(tech, {
        implied: false,
        confidence: Math.min(100, confidence),
        version: bestVersion(entry.versions),
        evidence: entry.evidence,
      });
    }
  }

  const info = (tech: number) => fp.technologies[tech] as NonNullable<(typeof fp.technologies)[number]>;
  const active = new Set<number>();
  for (const tech of direct.keys()) {
    const t = info(tech);
    if (t.requires.length === 0 && t.requiresCategory.length === 0) active.add(tech);
  }
  // Add required-by technologies until nothing changes (a requirement may itself be implied or required).
  for (let changed = true; changed; ) {
    changed = false;
    const present = withImplied(active, fp);
    const categories = new Set([...present].flatMap((tech) => info(tech).categories));
    for (const tech of direct.keys()) {
      if (active.has(tech)) continue;
      const t = info(tech);
      const byName = t.requires.some((name) => {
        const index = fp.byName.get(name);
        return index !== undefined && present.has(index);
      });
      if (byName || t.requiresCategory.some((id) => categories.has(id))) {
        active.add(tech);
        changed = true;
      }
    }
  }
  for (const tech of [...active]) {
    for (const name of info(tech).excludes) {
      const excluded = fp.byName.get(name);
      if (excluded !== undefined && excluded !== tech) active.delete(excluded);
    }
  }

  const result = new Map<number, Resolved>();
  for (const tech of active) result.set(tech, direct.get(tech) as Resolved);
  const queue = [...active];
  while (queue.length) {
    const tech = queue.shift() as number;
    const source = result.get(tech) as Resolved;
    for (const implied of info(tech).implies) {
      const index = fp.byName.get(implied.name);
      if (index === undefined || result.has(index)) continue;
      result.set(index, {
        implied: true,
        confidence: Math.min(source.confidence, implied.confidence),
        version: implied.version && !implied.version.includes('\\') ? implied.version : null,
        evidence: [{ type: 'implies', match: info(tech).name, url: source.evidence[0]?.url ?? '' }],
      });
      queue.push(index);
    }
  }

  const priority = (tech: number) =>
    Math.min(...info(tech).categories.map((id) => fp.categories.get(id)?.priority ?? 10), 10);
  return [...result.entries()]
    .sort(([a], [b]) => priority(a) - priority(b) || info(a).name.localeCompare(info(b).name))
    .map(([tech, r]) => {
      const t = info(tech);
      return {
        name: t.name,
        slug: t.slug,
        categories: t.categories.map((id) => ({ id, name: fp.categories.get(id)?.name ?? `category ${id}` })),
        version: r.version,
        confidence: r.confidence,
        website: t.website,
        icon: t.icon,
        group: groupOf(t.name, t.categories, r.implied),
        evidence: r.evidence,
      };
    });
}

function withImplied(techs: Set<number>, fp: Fingerprints): Set<number> {
  const out = new Set(techs);
  const queue = [...techs];
  while (queue.length) {
    const tech = queue.pop() as number;
    for (const implied of fp.technologies[tech]?.implies ?? []) {
      const index = fp.byName.get(implied.name);
      if (index !== undefined && !out.has(index)) {
        out.add(index);
        queue.push(index);
      }
    }
  }
  return out;
}

/**
 * OSM answers in the discovery-data eval: each Overpass answer of the truth (eval/discovery/osm-categories.truth.json)
 * normalised by the engine, every element's category against the truth (non-businesses to be left out), and every
 * merge of its businesses judged (discovery-merges.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Engine, Record_ } from './discovery-engine';
import { type CountResult, present, ROOT } from './discovery-files';
import { judgeGroup, type MergeReport } from './discovery-merges';

interface OsmTruthElement {
  name: string | null;
  tags: string;
  expect: string[] | 'drop' | null;
  why?: string;
}
export interface OsmTruth {
  /** Other words for a tag value ("convenience" → "convenience store"). */
  labels: Record<string, string[]>;
  files: Record<string, { path: string; country: string; elements: Record<string, OsmTruthElement> }>;
}
export interface OsmFileResult extends CountResult {
  /** Of the elements that are no business: how many were left out. */
  dropsRight: number;
  drops: number;
  wrong: { ref: string; name: string | null; tags: string; expected: string; got: string }[];
}

const categoryText = (value: string | null) => (value ? value.replace(/_/g, ' ').trim().toLowerCase() : null);

export function scoreOsm(engine: Engine, truth: OsmTruth, merges: MergeReport[]) {
  const files: Record<string, OsmFileResult> = {};
  for (const [key, file] of Object.entries(truth.files)) {
    if (!present(file.path)) continue;
    const json = JSON.parse(readFileSync(resolve(ROOT, file.path), 'utf8'));
    const { businesses } = engine.normalizeOverpassResponse(json, { defaultCountry: file.country });
    const byRef = new Map(businesses.map((b) => [b.source_ref, b]));
    const result: OsmFileResult = { right: 0, total: 0, dropsRight: 0, drops: 0, wrong: [] };
    for (const [ref, element] of Object.entries(file.elements)) {
      if (element.expect === null) continue;
      result.total++;
      const found = byRef.get(ref);
      const got = found ? (categoryText(found.category) ?? '(no category)') : 'dropped';
      let right: boolean;
      if (element.expect === 'drop') {
        result.drops++;
        right = !found;
        if (right) result.dropsRight++;
      } else {
        const accepted = element.expect.flatMap((value) => [value, ...(truth.labels[value] ?? [])]);
        right = found !== undefined && accepted.includes(got);
      }
      if (right) result.right++;
      else
        result.wrong.push({
          ref,
          name: found?.name ?? element.name,
          tags: element.tags,
          expected: element.expect === 'drop' ? 'dropped' : element.expect.join(' or '),
          got,
        });
    }
    files[key] = result;

    const rawByRef = new Map(businesses.map((b) => [b.source_ref, b]));
    for (const merged of engine.mergeBusinesses(businesses)) {
      if (merged.sources.length < 2) continue;
      const members = merged.sources
        .map((s) => rawByRef.get(s.source_ref))
        .filter((m): m is Record_ => m !== undefined);
      merges.push(judgeGroup(`osm ${key}`, merged, members));
    }
  }
  return files;
}

/**
 * Discovery's engine as every version has it, for the discovery-data eval: the records and merged records it
 * answers (fields an older engine lacks read as absent), the few functions used (normalizeOverpassResponse,
 * mergeBusinesses, suggestMapping, previewCsv, parseCsv, importCsv, createRowMapper), loaded with import() from
 * any checkout's packages/engine/src, that checkout's commit, and whether its merged records carry lists.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Record_ {
  name: string;
  website: string | null;
  domain: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
  lat: number | null;
  lng: number | null;
  category: string | null;
  source_ref: string | null;
  /** Absent in older engines' answers. */
  phones?: string[];
  websites?: string[];
  categories?: string[];
  aliases?: string[];
}
export interface MergedRecord extends Record_ {
  sources: { source: string; source_ref: string | null }[];
  dedupe_key: string;
}
type Mapping = Record<string, string | null>;
export interface Engine {
  normalizeOverpassResponse(
    json: unknown,
    options?: { defaultCountry?: string | null },
  ): { businesses: Record_[] };
  mergeBusinesses(records: Iterable<Record_>): MergedRecord[];
  suggestMapping(headers: readonly string[], rows: readonly (readonly string[])[]): Mapping;
  previewCsv(source: Uint8Array): Promise<{ headers: string[]; rows: string[][] }>;
  parseCsv(
    source: Uint8Array,
  ): Promise<{ headers: string[]; rows: AsyncIterable<{ line: number; cells: string[]; error?: string }> }>;
  importCsv(source: Uint8Array, mapping: Mapping): AsyncIterable<{ records: MergedRecord[] }>;
  createRowMapper(
    headers: readonly string[],
    mapping: Mapping,
  ): (cells: readonly string[], line?: number) => { ok: true; record: Record_ } | { ok: false };
}

export async function loadEngine(src: string): Promise<Engine> {
  const load = (path: string) => import(pathToFileURL(join(src, path)).href);
  const [osm, merge, mapping, parse, importing, rows] = await Promise.all([
    load('discovery/osm/osm-element.ts'),
    load('dedupe/merge.ts'),
    load('import/mapping.ts'),
    load('import/parse.ts'),
    load('import/import.ts'),
    load('import/rows.ts'),
  ]);
  return {
    normalizeOverpassResponse: osm.normalizeOverpassResponse,
    mergeBusinesses: merge.mergeBusinesses,
    suggestMapping: mapping.suggestMapping,
    previewCsv: parse.previewCsv,
    parseCsv: parse.parseCsv,
    importCsv: importing.importCsv,
    createRowMapper: rows.createRowMapper,
  };
}

/** Which commit the engine is (its checkout's HEAD), to name the run. */
export function commitOf(src: string): string {
  try {
    return execFileSync('git', ['-C', src, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** Whether this engine's merged records carry phones/websites lists; older ones keep one. */
export function hasLists(engine: Engine): boolean {
  const [merged] = engine.mergeBusinesses([
    {
      name: 'Probe',
      website: null,
      domain: null,
      phone: '+4930123456',
      address: null,
      city: null,
      postal_code: null,
      country: null,
      lat: null,
      lng: null,
      category: null,
      source_ref: 'probe',
    },
  ]);
  return Array.isArray(merged?.phones);
}

/**
 * The fingerprint data: the Wappalyzer-format npm package recorded in `fingerprints.manifest.json` (which package,
 * which version, where its files are, their SHA-256), with our own supplement (`fingerprints.supplement.json`)
 * merged over it. `npm run fingerprints:refresh` updates the package and the manifest; nothing is downloaded at
 * run time.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import manifestJson from './fingerprints.manifest.json' with { type: 'json' };
import supplementJson from './fingerprints.supplement.json' with { type: 'json' };
import type { FingerprintData, TechnologyData } from './types';

export interface FingerprintManifest {
  package: string;
  version: string;
  technologies: { path: string; sha256: string; count: number };
  categories: { path: string; sha256: string; count: number };
}

export const FINGERPRINT_MANIFEST = manifestJson as unknown as FingerprintManifest;

/**
 * One supplement entry: Wappalyzer fields plus `_why` (the reason, required), `_new` (a technology the package
 * lacks; otherwise the entry must name one it has) and `_replace` (fields that replace the package's instead of
 * adding to them, e.g. a pattern that matches far more than the product).
 */
type SupplementEntry = TechnologyData & { _why: string; _new?: boolean; _replace?: string[] };
export type Supplement = Record<string, SupplementEntry>;

export const FINGERPRINT_SUPPLEMENT = Object.fromEntries(
  Object.entries(supplementJson as Record<string, unknown>).filter(([name]) => !name.startsWith('_')),
) as Supplement;

const here = dirname(fileURLToPath(import.meta.url));
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** The installed package's folder (resolved from this package, as npm installed it). */
export function fingerprintPackageDir(manifest: FingerprintManifest = FINGERPRINT_MANIFEST): string {
  const require = createRequire(join(here, 'data.ts'));
  return dirname(require.resolve(`${manifest.package}/package.json`));
}

/** A technologies file, or a folder of them (one per initial letter, as the upstream repository keeps them). */
function readTechnologies(path: string): Record<string, TechnologyData> {
  if (!statSync(path).isDirectory()) return readJson(path) as Record<string, TechnologyData>;
  const merged: Record<string, TechnologyData> = {};
  for (const file of readdirSync(path)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    Object.assign(merged, readJson(join(path, file)));
  }
  return merged;
}

/** The package's data alone, as the manifest records it. */
export function readWappalyzerData(manifest: FingerprintManifest = FINGERPRINT_MANIFEST): FingerprintData {
  const dir = fingerprintPackageDir(manifest);
  return {
    technologies: readTechnologies(join(dir, manifest.technologies.path)),
    categories: readJson(join(dir, manifest.categories.path)) as FingerprintData['categories'],
  };
}

type Listed = string | number | Array<string | number>;
const asList = (value: unknown): Array<string | number> =>
  value === undefined ? [] : Array.isArray(value) ? value : [value as string | number];

/** A `dom` value in its object form: selector → spec (a bare selector is an existence test). */
function domObject(dom: unknown): Record<string, unknown> {
  if (dom === undefined) return {};
  if (typeof dom === 'string' || Array.isArray(dom))
    return Object.fromEntries([dom].flat().map((s: string) => [s, { exists: '' }]));
  return { ...(dom as Record<string, unknown>) };
}

const KEYED = new Set(['meta', 'headers', 'cookies', 'js']);

/** Adds the supplement's patterns to the data's (or replaces the fields it names in `_replace`). */
export function mergeSupplement(data: FingerprintData, supplement: Supplement): FingerprintData {
  const technologies = { ...data.technologies };
  for (const [name, entry] of Object.entries(supplement)) {
    const { _why, _new, _replace = [], ...fields } = entry;
    const base = technologies[name];
    if (_new && base) throw new Error(`fingerprint supplement: "${name}" is marked _new but the data has it`);
    if (!_new && !base)
      throw new Error(`fingerprint supplement: the data has no "${name}" (renamed? mark it _new if ours)`);
    const merged: TechnologyData = { ...(base ?? {}) };
    for (const [field, value] of Object.entries(fields)) {
      const old = merged[field];
      if (_replace.includes(field) || old === undefined) merged[field] = value;
      else if (field === 'dom')
        merged.dom = { ...domObject(old), ...domObject(value) } as TechnologyData['dom'];
      else if (KEYED.has(field)) {
        const out: Record<string, Listed> = { ...(old as Record<string, Listed>) };
        for (const [key, v] of Object.entries(value as Record<string, Listed>)) {
          out[key] = out[key] === undefined ? v : [...asList(out[key]), ...asList(v)];
        }
        merged[field] = out;
      } else if (field === 'cats') merged.cats = [...new Set([...(old as number[]), ...(value as number[])])];
      else merged[field] = [...asList(old), ...asList(value)];
    }
    technologies[name] = merged;
  }
  return { technologies, categories: data.categories };
}

/** What the matcher compiles: the package's data with the supplement merged over it. */
export function readFingerprintData(): FingerprintData {
  return mergeSupplement(readWappalyzerData(), FINGERPRINT_SUPPLEMENT);
}

/**
 * The data files the discovery-data eval reads, named from the repository root: a file that is not on this machine
 * (../shared is a separate checkout) is left out and listed in `missing`; and the count each file is scored by.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Data files that are not on this machine (../shared is a separate checkout): left out, and said so. */
export const missing: string[] = [];
export function present(path: string): boolean {
  if (existsSync(resolve(ROOT, path))) return true;
  missing.push(path);
  return false;
}

export interface CountResult {
  right: number;
  total: number;
}

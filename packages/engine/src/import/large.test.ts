import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { fixturesPresent } from '../fixtures-present';
import { suggestMapping } from './mapping';
import { parseCsv } from './parse';
import { createRowMapper } from './rows';

const CHICAGO = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/fixtures/csv/chicago_business_licenses_w-chicago-ave.csv',
);
const hasFixture = fixturesPresent(existsSync(CHICAGO), CHICAGO);
if (!hasFixture)
  console.warn(`[engine/import] ${CHICAGO} not found — the 100,000-row import test is skipped.`);

/** A real gc() even without --expose-gc (the flag can be set at run time; a new context then exposes it). */
function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const COLUMNS = ['DOING BUSINESS AS NAME', 'ADDRESS', 'CITY', 'STATE', 'ZIP CODE', 'LATITUDE', 'LONGITUDE'];

/**
 * `count` rows built from the Chicago fixture's rows (its name, address and place columns), each name made
 * unique, generated chunk by chunk so the file itself never sits in memory.
 */
async function* generatedCsv(count: number): AsyncGenerator<Uint8Array> {
  const records = parse(readFileSync(CHICAGO)) as string[][];
  const header = records[0] ?? [];
  const indexes = COLUMNS.map((column) => header.indexOf(column));
  const rows = records.slice(1).map((row) => indexes.map((i) => row[i] ?? ''));
  const encoder = new TextEncoder();
  yield encoder.encode(`${COLUMNS.join(',')}\n`);
  let lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = [...(rows[i % rows.length] ?? [])];
    row[0] = `${row[0]} ${i}`;
    lines.push(row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(','));
    if (lines.length === 1000) {
      yield encoder.encode(`${lines.join('\n')}\n`);
      lines = [];
    }
  }
  if (lines.length > 0) yield encoder.encode(`${lines.join('\n')}\n`);
}

describe.skipIf(!hasFixture)('a 100,000-row file', () => {
  it('parses and maps row by row with memory that does not grow with the row count', async () => {
    const gc = exposeGc();
    const csv = await parseCsv(generatedCsv(100_000));
    const mapping = suggestMapping(csv.headers);
    expect(mapping).toMatchObject({ name: 'DOING BUSINESS AS NAME', address: 'ADDRESS', lat: 'LATITUDE' });
    const mapRow = createRowMapper(csv.headers, mapping);

    const heapAt = new Map<number, number>();
    let rows = 0;
    let accepted = 0;
    let lastLine = 0;
    for await (const row of csv.rows) {
      rows++;
      lastLine = row.line;
      if (mapRow(row.cells, row.line).ok) accepted++;
      if (rows === 20_000 || rows === 100_000) {
        gc();
        heapAt.set(rows, process.memoryUsage().heapUsed);
      }
    }
    expect({ rows, accepted, lastLine }).toEqual({ rows: 100_000, accepted: 100_000, lastLine: 100_001 });
    const growth = (heapAt.get(100_000) ?? 0) - (heapAt.get(20_000) ?? 0);
    // 80,000 more rows (~7 MB of CSV, ~40 MB as records) must not add more than a few MB of live heap.
    expect(growth).toBeLessThan(8 * 1024 * 1024);
  });
});

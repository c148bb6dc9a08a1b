/**
 * Imported CSVs in the discovery-data eval: each file of the truth (eval/discovery/import-countries.truth.json)
 * imported by the engine with the mapping it suggests, every row's country against the truth (a row's own, a rule
 * on a column, or the file's), and every merge of its rows judged (discovery-merges.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Engine, MergedRecord, Record_ } from './discovery-engine';
import { type CountResult, present, ROOT } from './discovery-files';
import { judgeGroup, type MergeReport } from './discovery-merges';

interface ImportTruthFile {
  path: string;
  country?: string;
  rows?: { line: number; name: string; country: string }[];
  rule?: { column: string; countries: Record<string, string> };
}
export interface ImportFileResult extends CountResult {
  rows: number;
  wrongCountry: number;
  noCountry: number;
  notImported: number;
  mapping: string;
  examples: string[];
}

/** The countries right for a row (several for a company listed in several countries); empty: not scored. */
function truthOf(file: ImportTruthFile, headers: string[], line: number, cells: string[]): string[] {
  const own = file.rows?.find((row) => row.line === line);
  if (own) return [own.country];
  if (file.rule) {
    const { column, countries } = file.rule;
    const cell = cells[headers.indexOf(column)] ?? '';
    const named = cell.split(';').map((place) => countries[place.split(',').at(-1)?.trim() ?? '']);
    return [...new Set(named.filter((code): code is string => code !== undefined))];
  }
  return file.country ? [file.country] : [];
}

export async function scoreImports(
  engine: Engine,
  truth: { files: Record<string, ImportTruthFile> },
  merges: MergeReport[],
) {
  const files: Record<string, ImportFileResult> = {};
  for (const [key, file] of Object.entries(truth.files)) {
    if (!present(file.path)) continue;
    const bytes = readFileSync(resolve(ROOT, file.path));
    const preview = await engine.previewCsv(bytes);
    const mapping = engine.suggestMapping(preview.headers, preview.rows);
    const expected = new Map<number, string[]>();
    const raw = new Map<number, Record_>();
    const mapRow = engine.createRowMapper(preview.headers, mapping);
    const csv = await engine.parseCsv(bytes);
    for await (const row of csv.rows) {
      if (row.error) continue;
      expected.set(row.line, truthOf(file, csv.headers, row.line, row.cells));
      const mapped = mapRow(row.cells, row.line);
      if (mapped.ok) raw.set(row.line, mapped.record);
    }
    // A business found again in a later batch takes the first one's dedupe_key: the store keeps one row.
    const byKey = new Map<string, { merged: MergedRecord; lines: number[] }>();
    const countryOf = new Map<number, string | null>();
    for await (const batch of engine.importCsv(bytes, mapping)) {
      for (const record of batch.records) {
        const lines = record.sources.map((s) => Number(s.source_ref?.replace(/^line\//, '')));
        for (const line of lines) countryOf.set(line, record.country);
        const group = byKey.get(record.dedupe_key);
        if (group) group.lines.push(...lines);
        else byKey.set(record.dedupe_key, { merged: record, lines });
      }
    }
    for (const { merged, lines } of byKey.values()) {
      if (lines.length < 2) continue;
      const members = lines.map((line) => raw.get(line)).filter((m): m is Record_ => m !== undefined);
      merges.push(judgeGroup(`import ${key}`, merged, members));
    }

    const result: ImportFileResult = {
      right: 0,
      total: 0,
      rows: expected.size,
      wrongCountry: 0,
      noCountry: 0,
      notImported: 0,
      mapping: Object.entries(mapping)
        .filter(([, header]) => header)
        .map(([field, header]) => `${field}←${header}`)
        .join(', '),
      examples: [],
    };
    const noneShown: string[] = [];
    for (const [line, countries] of expected) {
      if (countries.length === 0) continue;
      result.total++;
      const got = countryOf.has(line) ? (countryOf.get(line) ?? null) : undefined;
      if (got && countries.includes(got)) {
        result.right++;
        continue;
      }
      const text = `line ${line} ${raw.get(line)?.name ?? '?'}: ${got === undefined ? 'not imported' : (got ?? 'no country')}, should be ${countries.join(' or ')}`;
      if (got === undefined) result.notImported++;
      else if (got === null) result.noCountry++;
      else result.wrongCountry++;
      // Every wrong country is listed; rows left without one, a few.
      if (got) result.examples.push(text);
      else if (noneShown.length < 5) noneShown.push(text);
    }
    result.examples.push(...noneShown);
    files[key] = result;
  }
  return files;
}

/**
 * An imported file's own columns kept as attributes: the Inc. 5000 list keeps founded, workers,
 * revenue and growth as numbers, the Yelp export is_open as a boolean; each type is decided over all values.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  attributeKey,
  createColumnTyper,
  planAttributeColumns,
  readAttributeDate,
  readAttributeNumber,
  readAttributes,
  readEpochDate,
} from './attributes';
import { type ImportBatch, importCsv } from './import';
import { suggestMapping } from './mapping';
import { previewCsv } from './parse';

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const read = (file: string) => readFileSync(resolve(FIXTURES, file));

async function importAll(bytes: Uint8Array, options: { batchSize?: number; useKinds?: boolean } = {}) {
  const preview = await previewCsv(bytes);
  const mapping = suggestMapping(preview.headers, preview.rows);
  const batches: ImportBatch[] = [];
  for await (const batch of importCsv(bytes, mapping, {
    batchSize: options.batchSize ?? 1000,
    ...(options.useKinds === false ? {} : { columnKinds: preview.column_types }),
  }))
    batches.push(batch);
  return { preview, mapping, batches, records: batches.flatMap((batch) => batch.records) };
}

describe('attribute values', () => {
  it('reads numbers as exports write them', () => {
    expect(readAttributeNumber('1,234')).toBe(1234);
    expect(readAttributeNumber('-3.5')).toBe(-3.5);
    expect(readAttributeNumber('23,438%')).toBe(23438);
    expect(readAttributeNumber('$32.4 Million')).toBe(32_400_000);
    expect(readAttributeNumber('$2.5M')).toBe(2_500_000);
    expect(readAttributeNumber('850K')).toBe(850_000);
    expect(readAttributeNumber('€1.2bn')).toBe(1_200_000_000);
    // Identifiers and ambiguous forms stay text.
    expect(readAttributeNumber('02134')).toBeNull();
    expect(readAttributeNumber('1234567890123456')).toBeNull();
    expect(readAttributeNumber('1.234,5')).toBeNull();
    expect(readAttributeNumber('12,34')).toBeNull();
    expect(readAttributeNumber('Q3')).toBeNull();
  });

  it('reads ISO, US and European dates as YYYY-MM-DD, and refuses impossible ones', () => {
    expect(readAttributeDate('2024-03-07')).toBe('2024-03-07');
    expect(readAttributeDate('2024-03-07T10:15:00Z')).toBe('2024-03-07');
    expect(readAttributeDate('3/7/2024')).toBe('2024-03-07');
    expect(readAttributeDate('3/7/2024', 'dmy')).toBe('2024-07-03');
    expect(readAttributeDate('31.12.2023')).toBe('2023-12-31');
    expect(readAttributeDate('2023-02-29')).toBeNull();
    expect(readAttributeDate('2019')).toBeNull();
  });

  it('decides a type over every value of a column', () => {
    const typer = createColumnTyper();
    const rows = [
      ['1', 'yes', '2024-01-31', '13/02/2024', '01/02/2024', '12', 'n/a', 'abc', '02134'],
      ['0', 'No', '2024-02-01', '01/02/2024', '02/13/2024', '1,500', '', '3', '60622'],
      ['1', 'TRUE', '', '', '', '7.5%', '', 'x', '90210'],
    ];
    for (const row of rows) typer.observe(row);
    expect(typer.kinds(10)).toEqual([
      'boolean',
      'boolean',
      'date',
      // Only day first fits 13/02/2024, so 01/02/2024 is the 1st of February.
      'date_dmy',
      'date',
      'number',
      null, // placeholders and blanks only: no value
      'text',
      'text', // a leading zero keeps ZIP codes as text
      null, // past the last cell
    ]);
    // A column whose slashed dates need both orders is text.
    const mixed = createColumnTyper();
    for (const cell of ['13/02/2024', '02/13/2024']) mixed.observe([cell]);
    expect(mixed.kinds(1)).toEqual(['text']);
  });

  it('keys are slugs of the headers, unique within the file; mapped and empty columns are left out', () => {
    expect(attributeKey('Founded Year', 0)).toBe('founded_year');
    expect(attributeKey('Umsatz (€)', 1)).toBe('umsatz');
    expect(attributeKey('isHiring', 2)).toBe('is_hiring');
    expect(attributeKey('***', 3)).toBe('column_4');
    const plans = planAttributeColumns(
      ['Name', 'Revenue', 'revenue ', 'Notes', 'Open'],
      { name: 'Name', status: 'Open' },
      ['text', 'number', 'number', null, 'boolean'],
    );
    expect(plans.map(({ key, label, type }) => ({ key, label, type }))).toEqual([
      { key: 'revenue', label: 'Revenue', type: 'number' },
      { key: 'revenue_2', label: 'revenue ', type: 'number' },
      // The status column says more than "closed for good": kept as well.
      { key: 'open', label: 'Open', type: 'boolean' },
    ]);
  });

  it('Unix times under a header that names a moment are dates; under another header, numbers', () => {
    const typer = createColumnTyper();
    for (const row of [
      ['1541714572', '1541714572000', '1541714572', '12'],
      ['1262304000', '1262304000000', '1600000000', '1541714572'],
    ]) {
      typer.observe(row);
    }
    const kinds = typer.kinds(4);
    expect(kinds).toEqual(['number_epoch', 'number_epoch', 'number_epoch', 'number']);
    const plans = planAttributeColumns(['launched_at', 'Created', 'Revenue', 'rank'], {}, kinds);
    expect(plans.map(({ key, type }) => [key, type])).toEqual([
      ['launched_at', 'date'],
      ['created', 'date'],
      ['revenue', 'number'],
      ['rank', 'number'],
    ]);
    expect(readAttributes(['1541714572', '1262304000000', '1541714572', '12'], plans)).toEqual({
      launched_at: '2018-11-08',
      created: '2010-01-01',
      revenue: 1541714572,
      rank: 12,
    });
    // Outside 1990–2050, or 11 and 12 digits, no value is a Unix time.
    for (const text of ['599999999', '2600000000', '15417145720', '99999999999999']) {
      expect(readEpochDate(text)).toBeNull();
    }
  });

  it('a column of numbers whose header names an identifier, a code or a phone is text, kept as written', () => {
    const headers = [
      'LICENSE ID',
      'Account Number',
      'accountNo',
      'SIC',
      'LICENSE CODE',
      'Number of employees',
      'num_employees',
      'Employee count',
      'WARD',
      'Founded',
    ];
    const plans = planAttributeColumns(headers, {}, Array(headers.length).fill('number'));
    expect(Object.fromEntries(plans.map(({ key, type }) => [key, type]))).toEqual({
      license_id: 'text',
      account_number: 'text',
      account_no: 'text',
      sic: 'text',
      license_code: 'text',
      number_of_employees: 'number',
      num_employees: 'number',
      employee_count: 'number',
      ward: 'number',
      founded: 'number',
    });
    const cells = ['2293521', '385957', '0042', '5812', '1032', '12', '12', '1,200', '29', '1952'];
    expect(readAttributes(cells, plans)).toMatchObject({
      license_id: '2293521',
      account_number: '385957',
      number_of_employees: 12,
      employee_count: 1200,
    });
  });
});

describe('attributes of real exports', () => {
  it('Inc. 5000: rank, metro, founded, workers, revenue and growth kept, typed; mapped columns not', async () => {
    const { batches, records } = await importAll(read('inc5000-style.csv'));
    expect(batches[0]?.attributeColumns).toEqual([
      { key: 'rank', label: 'rank', type: 'number' },
      { key: 'metro', label: 'metro', type: 'text' },
      { key: 'founded', label: 'founded', type: 'number' },
      { key: 'workers', label: 'workers', type: 'number' },
      { key: 'revenue', label: 'revenue', type: 'number' },
      { key: 'growth', label: 'growth', type: 'number' },
    ]);
    const fintech = records.find((record) => record.name === 'Fintech Bridge');
    expect(fintech?.attributes).toEqual({
      rank: 1,
      metro: 'San Jose',
      founded: 2019,
      workers: 48,
      revenue: 32_400_000,
      growth: 23438,
    });
    expect(records.every((record) => typeof record.attributes?.workers === 'number')).toBe(true);
  });

  it('Yelp: is_open a boolean (and still the closed status), business_id text', async () => {
    const { mapping, batches, records } = await importAll(read('yelp-export.csv'));
    expect(mapping.status).toBe('is_open');
    expect(batches[0]?.attributeColumns).toEqual([
      { key: 'business_id', label: 'business_id', type: 'text' },
      { key: 'is_open', label: 'is_open', type: 'boolean' },
    ]);
    const target = records.find((record) => record.name === 'Target');
    expect(target?.attributes).toEqual({ business_id: 'tUFrWirKiKi_TAnsVWINQQ', is_open: false });
    expect(target?.is_closed).toBe(true);
    const ups = records.find((record) => record.name === 'The UPS Store');
    expect(ups?.attributes?.is_open).toBe(true);
  });

  it('without the preview kinds, an in-memory file is read once more and typed the same', async () => {
    const withKinds = await importAll(read('inc5000-style.csv'));
    const without = await importAll(read('inc5000-style.csv'), { useKinds: false });
    expect(without.batches[0]?.attributeColumns).toEqual(withKinds.batches[0]?.attributeColumns);
    expect(without.records.map((r) => r.attributes)).toEqual(withKinds.records.map((r) => r.attributes));
  });

  it('merged rows keep the union of their attributes, the first value of a column winning', async () => {
    const csv = [
      'Name,Website,Employees,Note,Since',
      'Acme,acme.com,12,,2020-01-05',
      'Acme Inc,acme.com,15,key account,',
      'Other,other.com,3,,',
    ].join('\n');
    const { records } = await importAll(Buffer.from(csv));
    const acme = records.find((record) => record.domain === 'acme.com');
    expect(acme?.attributes).toEqual({ employees: 12, note: 'key account', since: '2020-01-05' });
    expect(records.find((record) => record.domain === 'other.com')?.attributes).toEqual({ employees: 3 });
  });
});

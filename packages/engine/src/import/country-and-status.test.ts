/**
 * Imported rows the way a user's lists come (fixtures/ of our own making, modelled on a Yelp dataset export, an
 * Inc. 5000-style list and a mixed UK/German/Canadian lead list): the country inferred where the file implies it,
 * the suite kept on the street line, and a column saying a business closed honoured.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ImportBatch, importCsv } from './import';
import { suggestMapping } from './mapping';
import { previewCsv } from './parse';
import { mapRow } from './rows';
import { isClosedStatus } from './values';

const DIR = resolve(dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** Every row as imported (merged rows repeated once per source line), in file order. */
async function importRows(file: string) {
  const bytes = readFileSync(resolve(DIR, file));
  const preview = await previewCsv(bytes);
  const mapping = suggestMapping(preview.headers, preview.rows);
  const batches: ImportBatch[] = [];
  for await (const batch of importCsv(bytes, mapping)) batches.push(batch);
  const rows = batches.flatMap((b) =>
    b.records.flatMap((r) => r.sources.map((s) => ({ ...r, line: Number(s.source_ref?.slice(5)) }))),
  );
  return { mapping, rows: rows.sort((a, b) => a.line - b.line) };
}

describe('the country of an imported row', () => {
  it('Yelp export: US states (CA is California, DE Delaware, IN Indiana) and Canadian provinces', async () => {
    const { rows } = await importRows('yelp-export.csv');
    const canadian = new Set(['Roast Coffeehouse and Wine Bar', 'Kettle Black Kitchen', 'Tim Hortons']);
    expect(rows.map((r) => [r.name, r.country])).toEqual(
      rows.map((r) => [r.name, canadian.has(r.name) ? 'CA' : 'US']),
    );
  });

  it('Inc. 5000-style list: a state code without a ZIP is a US state', async () => {
    const { rows } = await importRows('inc5000-style.csv');
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.country === 'US')).toBe(true);
  });

  it('a lead list: UK postcodes, German PLZ with a state, Canadian provinces and postcodes; no guess else', async () => {
    const { rows } = await importRows('leads-uk-de-ca.csv');
    // biome-ignore format: one row per line of the file
    expect(rows.map((r) => r.country)).toEqual([
      'GB', 'GB', 'GB', 'GB', 'DE', 'DE', 'DE', 'DE', null, 'CA', 'CA', 'CA', 'US',
    ]);
    // Phones read with the inferred country.
    expect(rows.find((r) => r.name === 'The Ivy')?.phone).toBe('+442078364751');
    expect(rows.find((r) => r.name === "Schwartz's Deli")?.phone).toBe('+15148424813');
  });

  it('keeps the suite or unit on the street line', async () => {
    const yelp = await importRows('yelp-export.csv');
    expect(yelp.rows.find((r) => r.name === 'Rio Grande Cafe')).toMatchObject({
      address: '2550 Windmill Ln, Ste 100',
      city: 'Las Vegas',
      region: 'NV',
      postal_code: '89123',
    });
    expect(yelp.rows.find((r) => r.name === 'Abby Rappoport LAC CMQ')?.address).toBe(
      '1616 Chapala St, Ste 2',
    );
    const leads = await importRows('leads-uk-de-ca.csv');
    expect(leads.rows.find((r) => r.name === 'Kettle Market')?.address).toBe('4480 Paradise Rd, Suite 210');
    const oneLine = mapRow(
      ['Rio Grande Cafe', '2550 Windmill Ln, Ste 100, Las Vegas, NV 89123'],
      ['n', 'a'],
      {
        name: 'n',
        address: 'a',
      },
    );
    expect(oneLine.ok && oneLine.record).toMatchObject({
      address: '2550 Windmill Ln, Ste 100',
      city: 'Las Vegas',
      country: 'US',
    });
  });
});

describe('a column that says a business closed', () => {
  it('maps is_open and Status columns and imports those rows as closed', async () => {
    const yelp = await importRows('yelp-export.csv');
    expect(yelp.mapping.status).toBe('is_open');
    expect(yelp.rows.filter((r) => r.is_closed).map((r) => r.name)).toEqual([
      'Abby Rappoport LAC CMQ',
      'Target',
      "Tsevi's Pub And Grill",
      "Zio's Italian Market",
      'Roast Coffeehouse and Wine Bar',
    ]);
    const leads = await importRows('leads-uk-de-ca.csv');
    expect(leads.mapping.status).toBe('Status');
    expect(leads.rows.filter((r) => r.is_closed).map((r) => r.name)).toEqual([
      'Harrogate Bookshop',
      'Bäckerei Hofmeister',
      'Blue Water Cafe',
    ]);
    const inc = await importRows('inc5000-style.csv');
    expect(inc.mapping.status).toBeNull();
    expect(inc.rows.some((r) => r.is_closed)).toBe(false);
  });

  it('reads yes/no values by what the column asks, and words as they are', () => {
    expect(isClosedStatus('0', 'is_open')).toBe(true);
    expect(isClosedStatus('1', 'is_open')).toBe(false);
    expect(isClosedStatus('TRUE', 'permanently_closed')).toBe(true);
    expect(isClosedStatus('no', 'Closed?')).toBe(false);
    expect(isClosedStatus('1', 'status')).toBe(false); // a bare 1 says nothing about closing
    for (const closed of [
      'Closed',
      'permanently closed',
      'CLOSED_PERMANENTLY',
      'Inactive',
      'dauerhaft geschlossen',
    ])
      expect(isClosedStatus(closed, 'status'), closed).toBe(true);
    for (const open of ['Open', 'Active', 'Acquired', 'Temporarily closed', 'vorübergehend geschlossen', ''])
      expect(isClosedStatus(open, 'status'), open).toBe(false);
  });
});

/**
 * Cells built to make the normalisers' regexes backtrack: with a backtracking pattern each would take time growing
 * with the square of its length, so the trims and splits are linear-time code and each must be answered at once,
 * with the right value. The ReDoS test (packages/engine/src/redos.test.ts) checks every
 * regular expression of the engine with a ReDoS checker.
 */
import { describe, expect, it } from 'vitest';
import { importCsv } from '../import/import';
import { suggestMapping } from '../import/mapping';
import { parseAddressLine } from './address';
import { normalizeWebsite } from './domain';
import { normalizeEmail } from './email';
import { normalizePhone } from './phone';

const N = 200_000;

describe('hostile cells', () => {
  it('a website of 200,000 semicolons between two letters is no website', () => {
    expect(normalizeWebsite(`x${';'.repeat(N)}y`)).toBeNull();
    expect(normalizeWebsite(`"x${';'.repeat(1000)}y"`)).toBeNull();
    // Wrapping punctuation and a second address still read as before.
    expect(normalizeWebsite('"<https://a.example.de/>";;')).toBe('https://a.example.de/');
    expect(normalizeWebsite('https://a.example.de ;  | https://b.example.de')).toBe('https://a.example.de/');
  });

  it('an email of a@b, 200,000 dots and c is no email; wrapped ones still read', () => {
    expect(normalizeEmail(`a@b${'.'.repeat(N)}c`)).toBeNull();
    expect(normalizeEmail(`${'?'.repeat(N)}\nx`)).toBeNull();
    expect(normalizeEmail('mailto:Info@Example.DE?subject=Hi')).toBe('info@example.de');
    expect(normalizeEmail('<info@example.de>.')).toBe('info@example.de');
  });

  it('an address of 200,000 semicolons or spaces is answered at once', () => {
    expect(parseAddressLine(`Hauptstr. 5${';'.repeat(N)}x`).address).toBe('Hauptstr. 5');
    expect(parseAddressLine(`${'a '.repeat(N)}TX 75074`).postal_code).toBeNull();
    expect(parseAddressLine(`1${' 1'.repeat(N)}`).address).toMatch(/^1 1 1/);
    expect(parseAddressLine('221B Baker St, London NW16XE, UK')).toMatchObject({
      postal_code: 'NW1 6XE',
      city: 'London',
      country: 'GB',
    });
  });

  it('a phone cell of 200,000 spaces and separators is answered at once', () => {
    expect(normalizePhone(`${' ,'.repeat(N)}x`, 'DE')).toBeNull();
    expect(normalizePhone('0345 1234567 / 0170 5678901', 'DE')).toBe('+493451234567');
  });

  it('the column guess does not scan a sample of 200,000 dots', () => {
    const mapping = suggestMapping(['name', 'website'], [['A', `a${'.a'.repeat(N)}`]]);
    expect(mapping.name).toBe('name');
  });
});

describe('the import reads no cell longer than 2,000 characters', () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);
  async function run(csv: string) {
    const out = { records: [] as { name: string; website: string | null }[], rejected: [], warnings: [] } as {
      records: { name: string; website: string | null }[];
      rejected: { line: number; reason: string }[];
      warnings: { line: number; field: string; message: string }[];
    };
    const mapping = {
      name: 'name',
      website: 'website',
      ...(csv.includes(',address') ? { address: 'address' } : {}),
    };
    for await (const batch of importCsv(utf8(csv), mapping)) {
      out.records.push(...batch.records);
      out.rejected.push(...batch.rejected);
      out.warnings.push(...batch.warnings);
    }
    return out;
  }

  it("the issue's file: the row is kept, its website left empty with a warning", async () => {
    const result = await run(`name,website,address\nReDoS Biz,"x${';'.repeat(N)}y",Hauptstr. 5\n`);
    expect(result.records).toMatchObject([{ name: 'ReDoS Biz', website: null }]);
    expect(result.warnings).toEqual([
      {
        line: 2,
        field: 'website',
        message: 'website is 200,002 characters long, more than the 2,000 read; left empty',
      },
    ]);
  });

  it('a name longer than that rejects the row, saying why', async () => {
    const result = await run(`name,website\n${'N'.repeat(2001)},x.de\nOk Bakery,ok.de\n`);
    expect(result.records.map((r) => r.name)).toEqual(['Ok Bakery']);
    expect(result.rejected).toEqual([
      { line: 2, reason: 'name is 2,001 characters long, more than the 2,000 read' },
    ]);
  });
});

/**
 * keptOrMadeExport makes a file once for asks at the same time with a map of its own, not with lru-cache's
 * fetchMethod: the first ask must stream the file while it is made (a fetchMethod hands over only a finished value),
 * and a waiter whose file was not made (failed, abandoned, too large) makes its own (a fetchMethod's rejection is every
 * waiter's). These tests run both on the same asks: they must agree where the library would serve, and differ only
 * where it cannot.
 */
import { PassThrough, Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearExportCache, keptOrMadeExport } from './export-cache';

const CSV = 'name,website\r\nAcme,https://acme.test\r\n';

async function read(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** The home-made part and the library, each counting how often it made the file; the n-th make fails if told. */
function both(failing: number[] = []) {
  const made = { home: 0, library: 0 };
  const makeHome = async () => {
    made.home += 1;
    const attempt = made.home;
    await delay(20);
    if (failing.includes(attempt)) throw new Error(`make ${attempt} failed`);
    return Readable.from([Buffer.from(CSV.slice(0, 10)), Buffer.from(CSV.slice(10))]);
  };
  const library = new LRUCache<string, string>({
    max: 10,
    fetchMethod: async () => {
      made.library += 1;
      const attempt = made.library;
      await delay(20);
      if (failing.includes(attempt)) throw new Error(`make ${attempt} failed`);
      return CSV;
    },
  });
  return { made, makeHome, library };
}

const settledTexts = (results: PromiseSettledResult<string | undefined>[]) =>
  results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'));

describe('a file made once for asks at the same time, beside lru-cache fetchMethod', () => {
  beforeEach(() => clearExportCache());

  it('a burst of asks makes the file once and each gets all of it; a later ask is served what was kept', async () => {
    const { made, makeHome, library } = both();
    const which = { exportOf: 'burst', version: 'v1' };
    const home = await Promise.all(
      Array.from({ length: 5 }, () => keptOrMadeExport(which, makeHome).then(read)),
    );
    const fetched = await Promise.all(Array.from({ length: 5 }, () => library.fetch('burst')));
    expect(made).toEqual({ home: 1, library: 1 });
    expect(home).toEqual(fetched);
    expect(home).toEqual(Array(5).fill(CSV));

    expect(await read(await keptOrMadeExport(which, makeHome))).toBe(await library.fetch('burst'));
    expect(made).toEqual({ home: 1, library: 1 });
  });

  it('a failed make keeps nothing: the next ask makes the file again, in both', async () => {
    const { made, makeHome, library } = both([1]);
    const which = { exportOf: 'failing', version: 'v1' };
    await expect(keptOrMadeExport(which, makeHome)).rejects.toThrow('make 1 failed');
    await expect(library.fetch('failing')).rejects.toThrow('make 1 failed');
    expect(await read(await keptOrMadeExport(which, makeHome))).toBe(CSV);
    expect(await library.fetch('failing')).toBe(CSV);
    expect(made).toEqual({ home: 2, library: 2 });
  });

  it('differs: waiters on a failed make make their own file, where the library fails them all', async () => {
    const { made, makeHome, library } = both([1]);
    const which = { exportOf: 'waiters', version: 'v1' };
    const home = await Promise.allSettled(
      Array.from({ length: 3 }, () => keptOrMadeExport(which, makeHome).then(read)),
    );
    const fetched = await Promise.allSettled(Array.from({ length: 3 }, () => library.fetch('waiters')));
    expect(settledTexts(home)).toEqual(['failed', CSV, CSV]);
    expect(settledTexts(fetched)).toEqual(['failed', 'failed', 'failed']);
    expect(made).toEqual({ home: 3, library: 1 });
  });

  it('differs: the first ask streams the file as it is made, where the library gives nothing until it is whole', async () => {
    const csv = new PassThrough();
    const home = await keptOrMadeExport({ exportOf: 'streaming', version: 'v1' }, async () => csv);
    let wholeFile = (_text: string) => {};
    const library = new LRUCache<string, string>({
      max: 10,
      fetchMethod: () =>
        new Promise<string>((resolve) => {
          wholeFile = resolve;
        }),
    });
    let fetched: string | undefined;
    void library.fetch('streaming').then((text) => {
      fetched = text;
    });

    csv.write(CSV.slice(0, 10));
    const first = await new Promise<Buffer>((resolve) => home.once('data', resolve));
    expect(first.toString('utf8')).toBe(CSV.slice(0, 10));
    await delay(10);
    expect(fetched).toBeUndefined();

    const rest = read(home);
    csv.end(CSV.slice(10));
    wholeFile(CSV);
    expect(await rest).toBe(CSV.slice(10));
    await delay(0);
    expect(fetched).toBe(CSV);
  });
});

/** The fingerprint data: the package the manifest records, with our supplement merged over it. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FINGERPRINT_MANIFEST,
  FINGERPRINT_SUPPLEMENT,
  fingerprintPackageDir,
  mergeSupplement,
  readWappalyzerData,
} from './data';
import type { FingerprintData } from './types';

describe('fingerprint data', () => {
  it('is the package and version the manifest records, byte for byte', () => {
    const dir = fingerprintPackageDir();
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(pkg.name).toBe(FINGERPRINT_MANIFEST.package);
    expect(pkg.version).toBe(FINGERPRINT_MANIFEST.version);
    for (const file of [FINGERPRINT_MANIFEST.technologies, FINGERPRINT_MANIFEST.categories]) {
      const sha256 = createHash('sha256')
        .update(readFileSync(join(dir, file.path)))
        .digest('hex');
      expect(sha256, file.path).toBe(file.sha256);
    }
    const data = readWappalyzerData();
    expect(Object.keys(data.technologies)).toHaveLength(FINGERPRINT_MANIFEST.technologies.count);
    expect(Object.keys(data.categories)).toHaveLength(FINGERPRINT_MANIFEST.categories.count);
  });

  it('takes every supplement entry: each says why, names a technology the data has or is marked new', () => {
    const data = readWappalyzerData();
    for (const [name, entry] of Object.entries(FINGERPRINT_SUPPLEMENT)) {
      expect(entry._why.length, name).toBeGreaterThan(20);
      expect(Boolean(data.technologies[name]), name).toBe(!entry._new);
    }
    expect(() => mergeSupplement(data, FINGERPRINT_SUPPLEMENT)).not.toThrow();
  });
});

describe('mergeSupplement', () => {
  const data: FingerprintData = {
    categories: { '1': { name: 'CMS' } },
    technologies: {
      Cmsy: {
        cats: [1],
        scriptSrc: 'cmsy\\.js',
        meta: { generator: 'Cmsy' },
        dom: ['div#cmsy'],
        implies: ['PHP'],
      },
    },
  };

  it('adds patterns to the data, replaces the fields named in _replace, and adds new technologies', () => {
    const merged = mergeSupplement(data, {
      Cmsy: {
        _why: 'test',
        scriptSrc: ['assets\\.cmsy\\.example/'],
        meta: { generator: 'Powered by Cmsy' },
        dom: { 'link[href*=cmsy]': { exists: '' } },
        implies: [],
        _replace: ['implies'],
      },
      Newbie: { _why: 'test', _new: true, cats: [1], html: ['newbie'] },
    });
    expect(merged.technologies.Cmsy).toEqual({
      cats: [1],
      scriptSrc: ['cmsy\\.js', 'assets\\.cmsy\\.example/'],
      meta: { generator: ['Cmsy', 'Powered by Cmsy'] },
      dom: { 'div#cmsy': { exists: '' }, 'link[href*=cmsy]': { exists: '' } },
      implies: [],
    });
    expect(merged.technologies.Newbie).toEqual({ cats: [1], html: ['newbie'] });
    expect(data.technologies.Cmsy?.implies).toEqual(['PHP']); // the data itself is left alone
  });

  it('refuses an entry for a technology the data no longer has (renamed upstream), or a _new one it has', () => {
    expect(() => mergeSupplement(data, { Gone: { _why: 'x' } })).toThrow(/no "Gone"/);
    expect(() => mergeSupplement(data, { Cmsy: { _why: 'x', _new: true } })).toThrow(/_new/);
  });
});

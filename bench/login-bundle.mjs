// Login bundle: the JavaScript the /login page of the built app loads in Chromium, in raw bytes and gzip bytes
// (zlib level 9 of each body). Reference, measured in the same run: React + ReactDOM's production builds as
// installed in node_modules (the floor of any React app), as shipped and minified by esbuild.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { createBenchDatabase, ensureBuilt, formatNumber, ROOT, report, startApp } from './lib.mjs';

const BENCH = 'login-bundle';
const REACT_FILES = [
  'node_modules/react/cjs/react.production.js',
  'node_modules/react/cjs/react-jsx-runtime.production.js',
  'node_modules/react-dom/cjs/react-dom.production.js',
  'node_modules/react-dom/cjs/react-dom-client.production.js',
  'node_modules/scheduler/cjs/scheduler.production.js',
];

const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => bytes / 1024;

async function measureLoginPage(baseUrl) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const pending = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      const isScript = response.request().resourceType() === 'script' || /javascript/.test(type);
      if (!isScript) return;
      pending.push(
        response.body().then((body) => ({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSize(body),
          encoding: response.headers()['content-encoding'] ?? 'identity',
        })),
      );
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    // exact: the form also has "Sign in with a passkey".
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    return await Promise.all(pending);
  } finally {
    await browser.close();
  }
}

async function reactFloor() {
  const sources = REACT_FILES.map((file) => readFileSync(path.join(ROOT, file)));
  const asShipped = Buffer.concat(sources);
  // Vite minifies the app; minifying React the same way gives the like-for-like floor.
  const { transform } = await import('esbuild');
  const minified = Buffer.concat(
    await Promise.all(
      sources.map(async (source) =>
        Buffer.from((await transform(source.toString('utf8'), { minify: true })).code),
      ),
    ),
  );
  return {
    shipped: { raw: asShipped.length, gzip: sources.reduce((sum, s) => sum + gzipSize(s), 0) },
    minified: { raw: minified.length, gzip: gzipSize(minified) },
  };
}

async function main() {
  ensureBuilt();
  const database = await createBenchDatabase();
  let app;
  try {
    app = await startApp(database.env);
    const scripts = await measureLoginPage(app.baseUrl);
    const react = await reactFloor();
    const raw = scripts.reduce((sum, s) => sum + s.raw, 0);
    const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const encodings = [...new Set(scripts.map((s) => s.encoding))].join(', ');

    console.log(
      `login-bundle: ${scripts.length} JavaScript files loaded by /login (served with content-encoding: ${encodings})`,
    );
    for (const s of [...scripts].sort((a, b) => b.raw - a.raw).slice(0, 8)) {
      console.log(
        `  ${s.url.padEnd(48)} ${formatNumber(kb(s.raw)).padStart(8)} KiB raw  ${formatNumber(kb(s.gzip)).padStart(7)} KiB gzip`,
      );
    }
    report({
      bench: BENCH,
      figure: '/login JavaScript, gzip -9',
      ours: kb(gzip),
      reference: kb(react.minified.gzip),
      unit: 'KiB',
      referenceLabel: 'react+react-dom production, minified, gzip -9',
    });
    report({
      bench: BENCH,
      figure: '/login JavaScript, raw',
      ours: kb(raw),
      reference: kb(react.minified.raw),
      unit: 'KiB',
      referenceLabel: 'react+react-dom production, minified',
    });
    report({
      bench: BENCH,
      figure: '/login JavaScript, gzip -9 (React as installed)',
      ours: kb(gzip),
      reference: kb(react.shipped.gzip),
      unit: 'KiB',
      referenceLabel: 'react+react-dom cjs production files as installed, gzip -9 each',
    });
  } finally {
    await app?.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

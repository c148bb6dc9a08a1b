// Overpass → businesses: the real Overpass responses of ../shared/fixtures/osm (Halle vegan-friendly places,
// Skopje fast food) replicated into one large response (each copy with its own ids, names, websites and phone
// endings: the duplicates inside each copy still merge, and copies whose varied phone numbers happen to coincide
// merge too, as duplicates would), then read the way the
// OSM source does: JSON.parse, the engine's normalizeOverpassResponse (names, E.164 phones, domains, split
// addresses, categories) and mergeBusinesses (same domain, phone, or name nearby). Businesses per second.
// Reference, measured in the same run on the same text: JSON.parse alone — the floor of any reader of the
// response — expressed in the same unit (the businesses that response gives, per second of parsing).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatNumber, median, ROOT, report } from './lib.mjs';

const BENCH = 'overpass';
const TARGET_ELEMENTS = Number(process.env.BENCH_OVERPASS_ELEMENTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FIXTURES = path.resolve(ROOT, '../shared/fixtures/osm');
const FILES = [
  'veggiekarte-local_halle-saale_vegan-friendly_overpass.json',
  'FastFoodNearMe_skopje_fastfood_overpass.json',
];

/** Copy `n` of an element: new id, name, website host and phone digits; the position moved a little. */
function vary(element, n) {
  const tags = { ...(element.tags ?? {}) };
  for (const key of ['name', 'brand']) if (tags[key]) tags[key] = `${tags[key]} ${n}`;
  for (const key of ['website', 'contact:website', 'url']) {
    if (tags[key]) tags[key] = tags[key].replace(/^(https?:\/\/)?(www\.)?([^./]+)/i, `$1$2$3-${n}`);
  }
  for (const key of ['phone', 'contact:phone']) {
    if (tags[key]) {
      const suffix = String(1000 + (n % 9000));
      tags[key] = tags[key].split(';')[0].replace(/\d{4}\s*$/, suffix);
    }
  }
  const shift = (n % 100) * 0.001;
  return {
    ...element,
    id: element.id + n * 10_000_000_000,
    ...(element.lat !== undefined ? { lat: element.lat + shift, lon: element.lon + shift } : {}),
    ...(element.center
      ? { center: { lat: element.center.lat + shift, lon: element.center.lon + shift } }
      : {}),
    tags,
  };
}

async function main() {
  const { register } = await import('tsx/esm/api');
  register();
  const { mergeBusinesses, normalizeOverpassResponse } = await import('@argo/engine');

  const originals = FILES.flatMap(
    (file) => JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')).elements,
  );
  const copies = Math.max(1, Math.ceil(TARGET_ELEMENTS / originals.length));
  const elements = [];
  for (let n = 0; n < copies; n++)
    for (const element of originals) elements.push(n === 0 ? element : vary(element, n));
  const text = JSON.stringify({ version: 0.6, generator: 'Overpass API (bench copy)', elements });
  console.log(
    `${elements.length.toLocaleString('en')} elements (${copies} copies of ${originals.length}), ${(text.length / 1024 / 1024).toFixed(1)} MB of JSON`,
  );

  const read = () => {
    const normalized = normalizeOverpassResponse(JSON.parse(text));
    return { normalized, merged: mergeBusinesses(normalized.businesses) };
  };
  // Warm-up (JIT, the phone metadata, tldts) outside the timed runs.
  const { normalized, merged } = read();
  JSON.parse(text);

  const ours = [];
  const reference = [];
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    JSON.parse(text);
    reference.push(performance.now() - started);
    started = performance.now();
    read();
    ours.push(performance.now() - started);
  }
  const businesses = merged.length;
  console.log(
    `${normalized.businesses.length.toLocaleString('en')} named places → ${businesses.toLocaleString('en')} businesses after merging` +
      ` (${normalized.dropped.toLocaleString('en')} elements without a name dropped); median ours ${formatNumber(median(ours))} ms,` +
      ` JSON.parse ${formatNumber(median(reference))} ms`,
  );
  report({
    bench: BENCH,
    figure: `Overpass → deduplicated businesses (${Math.round(elements.length / 1000)}k elements)`,
    ours: businesses / (median(ours) / 1000),
    reference: businesses / (median(reference) / 1000),
    unit: 'businesses/s',
    referenceLabel: `JSON.parse alone of the same response, median of ${RUNS}`,
  });
}

await main();

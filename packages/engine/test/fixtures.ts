import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixturesPresent } from '../src/fixtures-present';

/** ../shared/fixtures beside the repository root (never copied into the repo). */
const FIXTURES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/fixtures');

export const OSM_FIXTURES = {
  halle: resolve(FIXTURES_DIR, 'osm/veggiekarte-local_halle-saale_vegan-friendly_overpass.json'),
  skopje: resolve(FIXTURES_DIR, 'osm/FastFoodNearMe_skopje_fastfood_overpass.json'),
};

export const hasOsmFixtures = fixturesPresent(
  existsSync(OSM_FIXTURES.halle) && existsSync(OSM_FIXTURES.skopje),
  `OpenStreetMap fixtures in ${FIXTURES_DIR}/osm`,
);

export const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

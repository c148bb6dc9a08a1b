import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startHubspotServer } from '../apps/api/test/hubspot-server';
import {
  extentOf,
  type FakeOsm,
  hasOsmFixtures,
  OSM_FIXTURES,
  readOverpass,
  startFakeOsm,
} from '../apps/api/test/osm-server';
import {
  databaseUrlFor,
  findFreePort,
  findTestPostgres,
  quoteIdent,
  withClient,
} from '../apps/api/test/postgres-server';
import { SERVER_ENTRY, startServer, stopServer, waitUntilHealthy } from './argo-server';
import { startTileServer } from './tile-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the built app listens, e.g. http://localhost:41234 (no trailing slash). */
    baseUrl: string;
    /** The app's database, for tests that read what the app stored (e.g. codes in the dev email outbox). */
    databaseUrl: string;
    /**
     * True when the app's Overpass and Nominatim are the local fakes serving ../shared/fixtures/osm (a search in
     * "Skopje" or "Halle (Saale)" finds that fixture's places); false when the fixtures are missing.
     */
    hasLocalOsm: boolean;
    /** The local map tile server's origin (MAP_TILE_URL points at it), e.g. http://127.0.0.1:40123. */
    tileOrigin: string;
    /** The local HubSpot (HUBSPOT_API_URL points at it) and the private app token it takes. */
    hubspotUrl: string;
    hubspotToken: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
const ARTIFACTS_DIR = path.join(ROOT, 'e2e/artifacts');

/**
 * Starts the built app once for every journey on a fresh database (see findTestPostgres) and hands its URL and
 * the database URL to the test files as inject('baseUrl') and inject('databaseUrl').
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const built of [SERVER_ENTRY, WEB_INDEX]) {
    if (!existsSync(built))
      throw new Error(`${path.relative(ROOT, built)} is missing: run \`npm run build\` first.`);
  }
  await rm(ARTIFACTS_DIR, { recursive: true, force: true });
  await mkdir(ARTIFACTS_DIR, { recursive: true });

  const database = await prepareDatabase();
  // Discovery journeys search OpenStreetMap: a local Overpass + Nominatim on 127.0.0.1 answers from the fixtures.
  const osm = hasOsmFixtures ? await startLocalOsm() : null;
  // The results map's tiles come from a local server: the tests never ask OpenStreetMap's.
  const tiles = await startTileServer();
  // CRM pushes go to a local HubSpot: the tests never reach HubSpot's own.
  const hubspot = await startHubspotServer();
  const port = await findFreePort();
  // A host name, not 127.0.0.1: WebAuthn (passkeys) refuses IP addresses as relying-party ids.
  const baseUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // The journeys type wrong codes on purpose, all from one IP; the limit itself is proven by the API tests.
    SIGN_IN_MAX_ATTEMPTS: '100',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    ARGO_ROLE: 'all',
    DATABASE_URL: database.url,
    // enrichment.e2e.ts serves its test website on 127.0.0.1; the crawler's SSRF guard refuses it otherwise.
    CRAWL_ALLOW_HOSTS: '127.0.0.1',
    // The test sites' domains are not in any DNS: without this every address would read "no mail server".
    MX_CHECK: 'false',
    MAP_TILE_URL: tiles.template,
    HUBSPOT_API_URL: hubspot.url,
    MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors (test tiles)',
    ...(osm
      ? {
          OVERPASS_URL: osm.overpassUrl,
          NOMINATIM_URL: osm.nominatimUrl,
          OSM_USER_AGENT: 'Argo/0.1 (+https://argo.test/contact)',
        }
      : // Without the local Nominatim, ICP scoring must not ask the public one: places match by names.
        { ICP_GEOCODE: 'false' }),
  };

  const server = await startServer(env, 'server.log');
  try {
    await waitUntilHealthy(baseUrl, server);
  } catch (error) {
    await stopServer(server.child);
    await database.drop();
    await osm?.close();
    await tiles.close();
    await hubspot.close();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', database.url);
  project.provide('hasLocalOsm', osm !== null);
  project.provide('tileOrigin', tiles.origin);
  project.provide('hubspotUrl', hubspot.url);
  project.provide('hubspotToken', hubspot.token);

  return async () => {
    const { exitCode, signalCode } = server.child;
    try {
      await stopServer(server.child);
    } finally {
      await database.drop();
      await osm?.close();
      await tiles.close();
      await hubspot.close();
    }
    // A server that died mid-run explains every "connection refused" above; say so instead of hiding it.
    if (exitCode !== null || signalCode !== null) {
      throw new Error(
        `The Argo server exited (${exitCode ?? signalCode}) during the run. Its last output:\n${server.recentOutput.join('\n')}`,
      );
    }
  };
}

// ------------------------------------------------------------------ database

interface PreparedDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database for this run on the test PostgreSQL (the machine's, TEST_DATABASE_URL's, or an embedded one). */
async function prepareDatabase(): Promise<PreparedDatabase> {
  const server = await findTestPostgres();
  const name = `argo_e2e_${randomBytes(5).toString('hex')}`;
  await withClient(server.adminUrl, (admin) => admin.query(`CREATE DATABASE ${quoteIdent(name)}`));
  return {
    url: databaseUrlFor(server.adminUrl, name),
    async drop() {
      try {
        await withClient(server.adminUrl, (admin) =>
          admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
        );
      } finally {
        await server.stop();
      }
    },
  };
}

// ------------------------------------------------------------------ OpenStreetMap

/** Nominatim knows Skopje and Halle (Saale); Overpass answers each with its fixture's places. */
function startLocalOsm(): Promise<FakeOsm> {
  const skopje = readOverpass(OSM_FIXTURES.skopje).elements;
  const halle = readOverpass(OSM_FIXTURES.halle).elements;
  return startFakeOsm([
    {
      place: {
        match: /skopje/i,
        bbox: extentOf(skopje),
        displayName: 'Скопје',
        countryCode: 'MK',
        kind: 'city',
        names: { name: 'Скопје', 'name:en': 'Skopje', 'name:mk': 'Скопје', 'name:sq': 'Shkup' },
      },
      elements: skopje,
    },
    {
      place: {
        match: /halle/i,
        bbox: extentOf(halle),
        displayName: 'Halle (Saale)',
        countryCode: 'DE',
        kind: 'city',
        names: { name: 'Halle (Saale)', 'name:en': 'Halle' },
      },
      elements: halle,
    },
  ]);
}

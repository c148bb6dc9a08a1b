/**
 * Local Nominatim and Overpass on 127.0.0.1 serving the real Overpass responses of ../shared/fixtures/osm: a
 * query gets the fixture's elements inside its bbox, so a search cut into tiles gets each place from its tile.
 * Knobs for the lifecycle tests: a delay per query, failing queries, and swapping the data.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BBox, OverpassElement, OverpassResponse } from '@argo/engine';
import { fixturesPresent } from '@argo/engine/testing';

export const FIXTURES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/fixtures');
export const OSM_FIXTURES = {
  halle: resolve(FIXTURES_DIR, 'osm/veggiekarte-local_halle-saale_vegan-friendly_overpass.json'),
  skopje: resolve(FIXTURES_DIR, 'osm/FastFoodNearMe_skopje_fastfood_overpass.json'),
};
export const hasOsmFixtures = fixturesPresent(
  Object.values(OSM_FIXTURES).every((file) => existsSync(file)),
  `OpenStreetMap fixtures in ${FIXTURES_DIR}/osm`,
);

export const readOverpass = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as OverpassResponse;

const pointOf = (e: OverpassElement) =>
  e.lat !== undefined && e.lon !== undefined
    ? { lat: e.lat, lon: e.lon }
    : e.center
      ? { lat: e.center.lat, lon: e.center.lon }
      : null;

/** The bbox around every element (plus a margin), as a place Nominatim would answer with. */
export function extentOf(elements: OverpassElement[], margin = 0.01): BBox {
  const points = elements.flatMap((e) => pointOf(e) ?? []);
  return [
    Math.min(...points.map((p) => p.lat)) - margin,
    Math.min(...points.map((p) => p.lon)) - margin,
    Math.max(...points.map((p) => p.lat)) + margin,
    Math.max(...points.map((p) => p.lon)) + margin,
  ];
}

interface Place {
  match: RegExp;
  bbox: BBox;
  displayName: string;
  countryCode: string;
  /** Nominatim's `addresstype` ("city"), answered with it when given. */
  kind?: string;
  /** Its names in other languages, answered as `namedetails` when asked (namedetails=1). */
  names?: Record<string, string>;
}

/** A place Nominatim knows and the elements Overpass has there. */
export interface Dataset {
  place: Place;
  elements: OverpassElement[];
}

export interface FakeOsm {
  nominatimUrl: string;
  overpassUrl: string;
  datasets: Dataset[];
  /** Elements Overpass leaves out (to change what a search finds). */
  hide: ((element: OverpassElement) => boolean) | null;
  /** Milliseconds before each Overpass answer. */
  delayMs: number;
  /** A status to answer a query with instead (504…), or null to answer normally. */
  fail: ((bbox: BBox) => number | null) | null;
  /** The bbox of every Overpass query, in arrival order. */
  queries: BBox[];
  userAgents: string[];
  close(): Promise<void>;
}

const BBOX_IN_QL = /\((-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\)/;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function listen(handler: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handler(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

const intersects = (a: BBox, b: BBox) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

export async function startFakeOsm(datasets: Dataset[]): Promise<FakeOsm> {
  const fake = {
    datasets,
    hide: null,
    delayMs: 0,
    fail: null,
    queries: [],
    userAgents: [],
  } as unknown as FakeOsm;
  const places = () => fake.datasets.map((d) => d.place);

  const nominatim = await listen((req, _body, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    fake.userAgents.push(String(req.headers['user-agent']));
    if (url.searchParams.get('format') !== 'jsonv2')
      return send(res, 400, { error: 'format must be jsonv2' });
    const toPlace = (p: Place) => {
      const [south, west, north, east] = p.bbox;
      return {
        lat: String((south + north) / 2),
        lon: String((west + east) / 2),
        boundingbox: [south, north, west, east].map(String),
        display_name: p.displayName,
        address: { country_code: p.countryCode.toLowerCase() },
        ...(p.kind ? { addresstype: p.kind } : {}),
        ...(p.names && url.searchParams.get('namedetails') === '1' ? { namedetails: p.names } : {}),
        // The only outline the fake knows is its bbox (ICP scoring asks for outlines: polygon_geojson=1).
        ...(url.searchParams.get('polygon_geojson') === '1'
          ? {
              geojson: {
                type: 'Polygon',
                coordinates: [
                  [
                    [west, south],
                    [east, south],
                    [east, north],
                    [west, north],
                    [west, south],
                  ],
                ],
              },
            }
          : {}),
      };
    };
    if (url.pathname === '/reverse') {
      const lat = Number(url.searchParams.get('lat'));
      const found = places().find((p) => lat >= p.bbox[0] && lat <= p.bbox[2]);
      return send(res, 200, found ? toPlace(found) : { error: 'Unable to geocode' });
    }
    if (url.pathname !== '/search') return send(res, 404, { error: 'not found' });
    const q = url.searchParams.get('q') ?? '';
    const found = places().find((p) => p.match.test(q));
    send(res, 200, found ? [toPlace(found)] : []);
  });

  const overpass = await listen(async (req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/api/interpreter') return send(res, 404, { error: 'not found' });
    fake.userAgents.push(String(req.headers['user-agent']));
    const ql = req.method === 'POST' ? (new URLSearchParams(body).get('data') ?? '') : '';
    const match = BBOX_IN_QL.exec(ql);
    if (!match) return send(res, 400, { error: 'no bbox in the query' });
    const bbox = match.slice(1, 5).map(Number) as BBox;
    fake.queries.push(bbox);
    if (fake.delayMs > 0) await new Promise((done) => setTimeout(done, fake.delayMs));
    const status = fake.fail?.(bbox) ?? null;
    if (status !== null) return send(res, status, { remark: 'runtime error: the fake server fails' });
    const [south, west, north, east] = bbox;
    const inside = fake.datasets.flatMap(({ place, elements }) =>
      elements.filter((e) => {
        if (fake.hide?.(e)) return false;
        const p = pointOf(e);
        // An element without coordinates (an older answer's way without `center`) is in every tile of its place.
        if (p === null) return intersects(bbox, place.bbox);
        return p.lat >= south && p.lat < north && p.lon >= west && p.lon < east;
      }),
    );
    send(res, 200, { version: 0.6, generator: 'fake', elements: inside });
  });

  fake.nominatimUrl = nominatim.url;
  fake.overpassUrl = `${overpass.url}/api/interpreter`;
  fake.close = async () => {
    await Promise.all([nominatim.close(), overpass.close()]);
  };
  return fake;
}

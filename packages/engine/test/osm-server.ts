import type { ServerResponse } from 'node:http';
import { overpassQl, type RecordedRequest, sendJson, startLocalServer } from './local-server';

/** Places the fake Nominatim knows (real centres, rounded bounding boxes). */
const PLACES = {
  halle: {
    match: /halle/i,
    place: {
      lat: '51.4825041',
      lon: '11.9705452',
      boundingbox: ['51.3880', '51.5430', '11.8500', '12.0800'],
      display_name: 'Halle (Saale), Sachsen-Anhalt, Deutschland',
      address: { city: 'Halle (Saale)', country: 'Deutschland', country_code: 'de' },
    },
  },
  skopje: {
    match: /skopje|скопје/i,
    place: {
      lat: '41.9960924',
      lon: '21.4316495',
      boundingbox: ['41.9400', '42.0500', '21.3300', '21.5600'],
      display_name: 'Скопје, Град Скопје, Северна Македонија',
      address: { city: 'Скопје', country: 'Северна Македонија', country_code: 'mk' },
    },
  },
} as const;

export interface OsmServerOptions {
  /** The Overpass answer for a query (JSON body), or a status to send instead. */
  overpass: (ql: string, request: RecordedRequest, res: ServerResponse) => unknown;
}

/**
 * Local servers speaking the two protocols: Nominatim (GET /search?q=…&format=jsonv2, GET /reverse) and Overpass
 * (POST or GET /api/interpreter with `data=` QL). Two servers, so two hosts, as in production: the Nominatim
 * spacing must not slow Overpass down.
 */
export async function startOsmServer(options: OsmServerOptions) {
  const nominatim = await startLocalServer((req, res) => {
    const path = req.url.pathname;
    if (path !== '/search' && path !== '/reverse') return sendJson(res, 404, { error: 'not found' });
    if (req.url.searchParams.get('format') !== 'jsonv2')
      return sendJson(res, 400, { error: 'format must be jsonv2' });
    if (path === '/reverse') {
      const lat = Number(req.url.searchParams.get('lat'));
      return sendJson(res, 200, lat > 45 ? PLACES.halle.place : PLACES.skopje.place);
    }
    const q = req.url.searchParams.get('q') ?? '';
    const found = Object.values(PLACES).find((p) => p.match.test(q));
    sendJson(res, 200, found ? [found.place] : []);
  });
  const overpass = await startLocalServer(async (req, res) => {
    if (req.url.pathname !== '/api/interpreter') return sendJson(res, 404, { error: 'not found' });
    const body = await options.overpass(overpassQl(req), req, res);
    if (!res.headersSent && body !== undefined) sendJson(res, 200, body);
  });
  return {
    nominatimUrl: nominatim.url,
    overpassUrl: `${overpass.url}/api/interpreter`,
    /** Every request to either, in arrival order. */
    get requests(): RecordedRequest[] {
      return [...nominatim.requests, ...overpass.requests].sort((a, b) => a.at - b.at);
    },
    overpassRequests: () => overpass.requests,
    nominatimRequests: () => nominatim.requests,
    close: async () => {
      await Promise.all([nominatim.close(), overpass.close()]);
    },
  };
}

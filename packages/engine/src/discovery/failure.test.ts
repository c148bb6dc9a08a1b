import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, type RecordedRequest, startLocalServer } from '../../test/local-server';
import { createHttpClient } from '../http/client';
import { HttpError } from '../http/errors';
import { describeSourceFailure, isConfigurationFault } from './failure';
import { createNominatimGeocoder } from './osm/nominatim';
import { createOverpassClient } from './osm/overpass';
import { DiscoveryError } from './source';

const PROXY_PAGE =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>nginx/1.25 upstream prematurely closed connection</p></body></html>';
const JSON_GARBAGE = '{"version":0.6,"elements":[{"type":"node","id":1,"tags":{"name":"Half';

/** Each path (its first segment) answers one way; the body text below must never reach a reason. */
const ANSWERS: Record<string, (res: ServerResponse) => void> = {
  '/429': (res) => send(res, 429, 'application/json', '{"remark":"rate_limited, slot available after 12s"}'),
  '/500': (res) => send(res, 500, 'application/json', '{"error":"internal error: SQLSTATE 53100 disk full"}'),
  '/503': (res) => send(res, 503, 'application/json', '{"remark":"runtime error: too busy"}'),
  '/502-html': (res) => send(res, 502, 'text/html', PROXY_PAGE),
  '/403': (res) => send(res, 403, 'text/plain', 'Access denied: you have been blocked by policy XYZ-123'),
  '/garbage': (res) => send(res, 200, 'application/json', JSON_GARBAGE),
  '/html-200': (res) => send(res, 200, 'text/html', PROXY_PAGE),
  '/reset': (res) => res.socket?.destroy(),
  '/hang': () => {},
  '/huge': (res) => send(res, 200, 'application/json', `{"elements":[${'0,'.repeat(2000)}0]}`),
};

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

/** Fragments of the bodies above: none may appear in a reason. */
const BODY_WORDS = [
  /remark/,
  /rate_limited/,
  /SQLSTATE/,
  /too busy/,
  /<!DOCTYPE|<html|nginx/i,
  /XYZ-123/,
  /"elements"|Half/,
  /[{}<>]/,
];

describe('describeSourceFailure: reasons a user can read', () => {
  let server: LocalServer;
  const http = createHttpClient({ retries: 0, timeoutMs: 300, maxResponseBytes: 1000 });

  beforeAll(async () => {
    server = await startLocalServer((request: RecordedRequest, res) => {
      const answer = ANSWERS[`/${request.url.pathname.split('/')[1]}`];
      if (answer) answer(res);
      else send(res, 404, 'text/plain', 'no such path');
    });
  });
  afterAll(() => server.close());

  /** The error the real HTTP client throws for a path. */
  async function errorOf(path: string): Promise<unknown> {
    return http.requestJson(`${server.url}${path}`).then(
      () => {
        throw new Error(`${path} did not fail`);
      },
      (error: unknown) => error,
    );
  }

  const cases: [path: string, service: 'overpass' | 'nominatim' | 'google_places', expected: string][] = [
    [
      '/429',
      'overpass',
      "OpenStreetMap's Overpass server answered 429: too many requests, it asks us to slow down",
    ],
    ['/503', 'overpass', "OpenStreetMap's Overpass server answered 503: it is busy or down for a moment"],
    ['/500', 'nominatim', "OpenStreetMap's Nominatim geocoder answered 500: an error on its side"],
    [
      '/502-html',
      'overpass',
      "OpenStreetMap's Overpass server answered 502 with a web page: it is busy or down for a moment",
    ],
    ['/403', 'google_places', 'Google Places answered 403: it refused access'],
    ['/garbage', 'nominatim', "OpenStreetMap's Nominatim geocoder answered with something that is not JSON"],
    ['/html-200', 'overpass', "OpenStreetMap's Overpass server answered with a web page instead of data"],
    ['/reset', 'overpass', "OpenStreetMap's Overpass server closed the connection"],
    ['/hang', 'overpass', "OpenStreetMap's Overpass server did not answer within 0.3 s"],
    ['/huge', 'overpass', "OpenStreetMap's Overpass server sent an answer too large to read"],
  ];

  for (const [path, service, expected] of cases) {
    it(`${path}: "${expected}"`, async () => {
      const error = await errorOf(path);
      expect(error).toBeInstanceOf(HttpError);
      const reason = describeSourceFailure(error, service);
      expect(reason).toBe(expected);
      for (const word of BODY_WORDS) expect(reason).not.toMatch(word);
      expect(reason).not.toContain(server.url.replace('http://', ''));
      // An answer, a timeout or a dropped connection: the service is there, a retry may work.
      expect(isConfigurationFault(error)).toBe(false);
    });
  }

  it('an address that does not resolve or refuses connections is a configuration fault, not a passing one', async () => {
    // A port nothing listens on: the server this test started, closed again.
    const closed = await startLocalServer((_request, res) => send(res, 200, 'text/plain', 'ok'));
    const closedUrl = closed.url;
    await closed.close();
    const refused = await http.requestJson(`${closedUrl}/x`).catch((error: unknown) => error);
    expect(describeSourceFailure(refused, 'overpass')).toBe(
      "OpenStreetMap's Overpass server refused the connection",
    );
    expect(isConfigurationFault(refused)).toBe(true);
    // .invalid never resolves (RFC 2606): ENOTFOUND, or EAI_AGAIN on a machine without DNS.
    const unresolved = await http
      .requestJson('http://nominatim.argo-test.invalid/search')
      .catch((error: unknown) => error);
    expect(describeSourceFailure(unresolved, 'nominatim')).toBe(
      "OpenStreetMap's Nominatim geocoder could not be found: its address does not resolve",
    );
    expect(isConfigurationFault(unresolved)).toBe(true);
    expect(isConfigurationFault(new DiscoveryError('location_not_found', 'No place called "Nowhere".'))).toBe(
      false,
    );
  });

  it('the Overpass client and the geocoder fail with errors it describes (status kept, no body)', async () => {
    const overpass = createOverpassClient({ http, baseUrl: `${server.url}/502-html` });
    const overpassError = await overpass.run('[out:json];out;').catch((error: unknown) => error);
    expect(describeSourceFailure(overpassError, 'overpass')).toBe(
      "OpenStreetMap's Overpass server answered 502 with a web page: it is busy or down for a moment",
    );
    // The raw detail stays on the error, for the log.
    expect((overpassError as HttpError).bodySnippet).toContain('Bad Gateway');

    const geocoder = createNominatimGeocoder({ http, baseUrl: `${server.url}/garbage` });
    const geocodeError = await geocoder.geocode('Paris').catch((error: unknown) => error);
    expect(describeSourceFailure(geocodeError, 'nominatim')).toBe(
      "OpenStreetMap's Nominatim geocoder answered with something that is not JSON",
    );
  });

  it('a DiscoveryError keeps its message; anything else is an unexpected error, never its JavaScript text', () => {
    expect(
      describeSourceFailure(
        new DiscoveryError('location_not_found', 'No place called "Nowhere".'),
        'nominatim',
      ),
    ).toBe('No place called "Nowhere".');
    const reason = describeSourceFailure(
      new TypeError("Cannot read properties of null (reading 'type')"),
      'overpass',
    );
    expect(reason).toBe(
      "OpenStreetMap's Overpass server could not be used: an unexpected error, see the server log",
    );
    expect(describeSourceFailure('a string', 'google_places')).not.toContain('a string');
  });

  it('network failures in plain words', () => {
    const url = 'http://example.invalid/x';
    const refused = new HttpError(
      `Could not reach ${url}: connect ECONNREFUSED 10.0.0.1:80`,
      url,
      null,
      true,
    );
    const unknownHost = new HttpError(
      `Could not reach ${url}: getaddrinfo ENOTFOUND example.invalid`,
      url,
      null,
      true,
    );
    expect(describeSourceFailure(refused, 'overpass')).toBe(
      "OpenStreetMap's Overpass server refused the connection",
    );
    expect(describeSourceFailure(unknownHost, 'nominatim')).toBe(
      "OpenStreetMap's Nominatim geocoder could not be found: its address does not resolve",
    );
  });
});

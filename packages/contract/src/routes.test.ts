import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  buildPath,
  pathParamNames,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
  routeList,
  routeStatus,
  routes,
} from './routes';

const TAGS = [
  'users',
  'accounts',
  'admin',
  'ventures',
  'sessions',
  'sharing',
  'discovery',
  'enrichment',
  'icp',
  'health',
];
const camel = (id: string) => id.replace(/[._]([a-z])/g, (_m, c: string) => c.toUpperCase());

describe('route table', () => {
  it('has one route per call of the specification plus health, config, the ICP profile list/edit/delete, the suppression list, the contacts export, person removal, the invitations of the invited person, the results map, one business for the drawer and its correction, the saved view (get, put, delete), the import report, and the calls of later features (signals: watches, events, seen)', () => {
    expect(routeList).toHaveLength(100);
  });

  it('has unique ids, and each key is the camelCase of its id', () => {
    const ids = routeList.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [key, route] of Object.entries(routes)) expect(key).toBe(camel(route.id));
  });

  it('has unique method + path pairs, relative to /api, with a known tag', () => {
    const seen = new Set<string>();
    for (const route of routeList) {
      const key = `${route.method} ${route.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      expect(route.path).toMatch(/^\/[a-z]/);
      expect(route.path.startsWith('/api')).toBe(false);
      expect(TAGS).toContain(route.tag);
      expect(route.summary.length).toBeGreaterThan(5);
    }
  });

  it('declares a params schema whose keys are exactly the path parameters', () => {
    for (const route of routeList) {
      const names = pathParamNames(route.path);
      if (names.length === 0) {
        expect(route.params, route.id).toBeUndefined();
        continue;
      }
      expect(route.params, route.id).toBeInstanceOf(z.ZodObject);
      const shape = (route.params as z.ZodObject).shape;
      expect(Object.keys(shape).sort(), route.id).toEqual([...names].sort());
    }
  });

  it('sends no body with GET or DELETE, and answers 204 exactly when there is no response', () => {
    for (const route of routeList) {
      if (route.method === 'GET' || route.method === 'DELETE') expect(route.body, route.id).toBeUndefined();
      expect(routeStatus(route) === 204, route.id).toBe(route.response === null);
    }
  });

  it('uses multipart only for the CSV upload and csv only for the two exports and the import report', () => {
    expect(routeList.filter((r) => r.bodyType === 'multipart').map((r) => r.id)).toEqual([
      'discovery.import',
    ]);
    expect(routeList.filter((r) => r.responseType === 'csv').map((r) => r.id)).toEqual([
      'sessions.importReport',
      'sessions.export',
      'sessions.exportContacts',
    ]);
  });

  it('keeps the access levels of ARCHITECTURE.md', () => {
    const byAccess = (access: string) =>
      routeList
        .filter((r) => r.access === access)
        .map((r) => r.id)
        .sort();
    expect(byAccess('public')).toEqual(['health.check', 'health.config']);
    expect(byAccess('identity')).toEqual([
      'accounts.create',
      'accounts.me',
      'invitations.accept',
      'invitations.decline',
      'invitations.list',
      'users.me',
    ]);
    expect(byAccess('anonymous')).toEqual(['getStarted.createPreview', 'getStarted.preview']);
    for (const route of routeList) if (route.path.startsWith('/admin')) expect(route.access).toBe('admin');
  });

  it('turns every schema into JSON Schema for OpenAPI', () => {
    for (const route of routeList) {
      for (const schema of [route.params, route.query, route.body]) {
        if (schema)
          expect(() => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })).not.toThrow();
      }
      if (route.response) {
        // Responses hold no transforms, so they convert without the 'any' fallback.
        expect(() => z.toJSONSchema(route.response as z.ZodType, { io: 'output' }), route.id).not.toThrow();
      }
    }
  });
});

describe('buildPath', () => {
  it('fills and encodes path parameters', () => {
    const id = '5f0c6a8e-3b1d-4c2a-9e7f-1a2b3c4d5e6f';
    expect(buildPath(routes.usersGet, { id })).toBe(`/users/${id}`);
    expect(buildPath(routes.sessionsInfo, { id: 'a b/c' })).toBe('/user/session/a%20b%2Fc/info');
    expect(buildPath(routes.usersList)).toBe('/users');
  });

  it('throws when a parameter is missing', () => {
    expect(() => buildPath(routes.usersGet, {} as { id: string })).toThrow(/missing path parameter "id"/);
  });
});

describe('route types', () => {
  it('infers inputs and outputs from the table', () => {
    expectTypeOf(routes.usersGet.method).toEqualTypeOf<'GET'>();
    expectTypeOf<RouteParams<typeof routes.usersGet>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<RouteParams<typeof routes.usersList>>().toEqualTypeOf<undefined>();
    expectTypeOf<RouteQuery<typeof routes.sessionsResults>>().toHaveProperty('pageSize');
    expectTypeOf<NonNullable<RouteQuery<typeof routes.sessionsResults>>['pageSize']>().toEqualTypeOf<
      number | string | undefined
    >();
    expectTypeOf<RouteBody<typeof routes.usersInvite>>().toHaveProperty('email');
    expectTypeOf<RouteResponse<typeof routes.usersDelete>>().toEqualTypeOf<undefined>();
    expectTypeOf<RouteResponse<typeof routes.venturesAll>>().toBeArray();
    expectTypeOf<RouteResponse<typeof routes.sessionsExport>>().toEqualTypeOf<string>();
  });
});

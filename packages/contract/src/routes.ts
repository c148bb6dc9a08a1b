/**
 * The route table: every call of the specification, with method, path (relative to `/api`), access, and the zod schemas of
 * params, query, body and response. The API registers and validates from it; the web client calls through it.
 * The definitions live beside their schemas in the feature files; this file assembles them.
 */
import type { z } from 'zod';
import { accountsRoutes } from './accounts';
import { adminRoutes } from './admin';
import { apiKeysRoutes } from './api-keys';
import { crmRoutes } from './crm';
import type { RouteDef, SuccessStatus } from './define';
import { discoveryRoutes } from './discovery';
import { enrichmentRoutes } from './enrichment';
import { getStartedRoutes } from './get-started';
import { healthRoutes } from './health';
import { icpRoutes } from './icp';
import { invitationsRoutes } from './invitations';
import { lookalikesRoutes } from './lookalikes';
import { privacyRoutes } from './privacy';
import { resultsRoutes } from './results';
import { resultsMapRoutes } from './results-map';
import { savedViewRoutes } from './saved-views';
import { sessionsRoutes } from './sessions';
import { sharingRoutes } from './sharing';
import { signalsRoutes } from './signals';
import { usersRoutes } from './users';
import { venturesRoutes } from './ventures';
import { webhooksRoutes } from './webhooks';

export type { Access, RouteDef, SuccessStatus } from './define';

export const routes = {
  ...healthRoutes,
  ...usersRoutes,
  ...accountsRoutes,
  ...invitationsRoutes,
  ...adminRoutes,
  ...venturesRoutes,
  ...sessionsRoutes,
  ...resultsRoutes,
  ...resultsMapRoutes,
  ...savedViewRoutes,
  ...sharingRoutes,
  ...lookalikesRoutes,
  ...discoveryRoutes,
  ...enrichmentRoutes,
  ...icpRoutes,
  ...getStartedRoutes,
  ...privacyRoutes,
  ...signalsRoutes,
  ...apiKeysRoutes,
  ...webhooksRoutes,
  ...crmRoutes,
} as const;

/** The table as a list, e.g. to register every route in a loop. */
export const routeList: readonly RouteDef[] = Object.values(routes);

// ---------------------------------------------------------------- types for the typed client (and the API)

type SchemaOf<R, K extends 'params' | 'query' | 'body'> = R extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? S
  : undefined;

/** What the caller sends (z.input: defaults optional, query numbers may be numbers or strings). */
export type RouteParams<R> =
  SchemaOf<R, 'params'> extends z.ZodType ? z.input<SchemaOf<R, 'params'>> : undefined;
export type RouteQuery<R> =
  SchemaOf<R, 'query'> extends z.ZodType ? z.input<SchemaOf<R, 'query'>> : undefined;
export type RouteBody<R> = SchemaOf<R, 'body'> extends z.ZodType ? z.input<SchemaOf<R, 'body'>> : undefined;
/** What the server answers (z.output); `undefined` for 204. */
export type RouteResponse<R> = R extends { readonly response: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

export type ParsedBody<R> = SchemaOf<R, 'body'> extends z.ZodType ? z.output<SchemaOf<R, 'body'>> : undefined;

/** The success status of a route: its `status`, else 204 when it answers nothing, else 200. */
export function routeStatus(route: RouteDef): SuccessStatus {
  return route.status ?? (route.response === null ? 204 : 200);
}

/** `:name` segments of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
}

/**
 * Fills the `:name` segments of a route's path with URI-encoded values:
 * `buildPath(routes.usersGet, { id })` → `/users/<id>`. Relative to API_PREFIX. Throws on a missing value.
 */
export function buildPath<R extends RouteDef>(
  route: R,
  ...args: RouteParams<R> extends undefined ? [params?: undefined] : [params: RouteParams<R>]
): string {
  const values = (args[0] ?? {}) as Record<string, unknown>;
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`buildPath(${route.id}): missing path parameter "${name}"`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * The shape of one route of the table (kept apart from routes.ts so feature files can define their routes
 * without an import cycle). routes.ts re-exports everything here.
 */
import type { z } from 'zod';

/** Who may call a route (ARCHITECTURE.md, "Identity and authorisation"). */
export type Access = 'public' | 'identity' | 'anonymous' | 'member' | 'admin';
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type RouteTag =
  | 'users'
  | 'accounts'
  | 'admin'
  | 'ventures'
  | 'sessions'
  | 'sharing'
  | 'discovery'
  | 'enrichment'
  | 'icp'
  | 'health';
export type SuccessStatus = 200 | 201 | 202 | 204;

export interface RouteDef<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | null = z.ZodType | null,
> {
  /** Unique, `<feature>.<action>`, e.g. `users.list`; the table key is its camelCase (`usersList`). */
  readonly id: string;
  readonly method: HttpMethod;
  /** Relative to `/api`, Fastify style: `/users/:id`. */
  readonly path: string;
  readonly access: Access;
  /** One line for OpenAPI. */
  readonly summary: string;
  readonly tag: RouteTag;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  /** `null` means `204 No Content`. */
  readonly response: R;
  /** Success status; default 200 (204 when `response` is null). */
  readonly status?: SuccessStatus;
  /** `multipart` for the CSV upload (the body is read with @fastify/multipart, not validated by `body`). */
  readonly bodyType?: 'json' | 'multipart';
  /** `csv` for the export (`response` is `z.string()`, sent as text/csv). */
  readonly responseType?: 'json' | 'csv';
  /** `false`: not callable with an API key (the key routes themselves), only while signed in. */
  readonly apiKeys?: false;
}

/** Identity function that keeps the literal types (id, method, path, status) and the exact schema types. */
export function defineRoute<const D extends RouteDef>(def: D): D {
  return def;
}

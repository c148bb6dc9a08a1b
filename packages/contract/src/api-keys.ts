/**
 * API keys: a user's own bearer tokens for scripts and other tools (`Authorization: Bearer argo_live_…`).
 *
 * A key acts as the user who made it, within its scope and never beyond the user's own rights: `read` keys make GET
 * calls only, `read_write` keys make every call the user may make. Keys reach the `member` and `admin` routes alone
 * (no sign-in, profile or get-started call, and not these key routes: a key cannot mint keys). The secret is shown
 * once, when the key is made; Argo keeps only its SHA-256. Every member manages their own keys; an admin also sees
 * and revokes every key of the organisation.
 */
import { z } from 'zod';
import { expected, Id, IdParams, IsoDateTime, LIMITS, text } from './common';
import { defineRoute } from './define';

const API_KEY_SCOPES = ['read', 'read_write'] as const;
export const ApiKeyScope = z.enum(API_KEY_SCOPES, expected("'read' or 'read_write'"));
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** Every key starts so: `argo_live_<prefix>_<secret>`, a 12-character hex prefix and a 64-character hex secret. */
export const API_KEY_MARK = 'argo_live_';
export const API_KEY_PATTERN = /^argo_live_([0-9a-f]{12})_([0-9a-f]{64})$/;

/** A key may live at most this long (and at least a minute). */
export const API_KEY_MAX_DAYS = 3650;

export const API_KEY_READ_ONLY_MESSAGE =
  'This API key is read-only (scope "read"): it may make GET calls only. Use a key with scope "read_write" to change data.';
export const API_KEY_ROUTE_MESSAGE =
  'An API key may call only the API’s data routes. Sign in to Argo for this call.';

export const ApiKey = z
  .object({
    id: Id,
    name: z.string(),
    /** Shown in lists to tell keys apart: `argo_live_<prefix>_…`. */
    prefix: z.string(),
    scope: ApiKeyScope,
    created_at: IsoDateTime,
    /** Null: never expires. */
    expires_at: IsoDateTime.nullable(),
    /** When the key was last used, to the minute; null when never. */
    last_used_at: IsoDateTime.nullable(),
    /** The user the key acts as (who made it). */
    created_by: z.object({ id: Id, email: z.string(), name: z.string().nullable() }),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;

export const CreateApiKeyBody = z.object({
  name: text(LIMITS.shortText),
  scope: ApiKeyScope,
  /** When the key stops working; left out or null: never. Must be in the future. */
  expires_at: IsoDateTime.nullable().optional(),
});
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBody>;

/** The key as made, with its secret: shown this once, never again. */
export const CreatedApiKey = z.object({ key: ApiKey, secret: z.string() }).meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const apiKeysRoutes = {
  apiKeysList: defineRoute({
    id: 'apiKeys.list',
    method: 'GET',
    path: '/user/api-keys',
    access: 'member',
    summary: "The caller's API keys (an admin: every key of the organisation), newest first",
    tag: 'users',
    apiKeys: false,
    response: z.array(ApiKey),
  }),
  apiKeysCreate: defineRoute({
    id: 'apiKeys.create',
    method: 'POST',
    path: '/user/api-keys',
    access: 'member',
    summary: 'Make an API key acting as the caller; its secret is answered this once',
    tag: 'users',
    apiKeys: false,
    body: CreateApiKeyBody,
    response: CreatedApiKey,
    status: 201,
  }),
  apiKeysRevoke: defineRoute({
    id: 'apiKeys.revoke',
    method: 'DELETE',
    path: '/user/api-keys/:id',
    access: 'member',
    summary: 'Revoke an API key at once (its maker, or an admin of the organisation)',
    tag: 'users',
    apiKeys: false,
    params: IdParams,
    response: null,
    status: 204,
  }),
} as const;

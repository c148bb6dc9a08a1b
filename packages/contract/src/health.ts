/** Health and public client configuration. */
import { z } from 'zod';
import { defineRoute } from './define';

const Health = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.literal('ok'),
});

const AuthProvider = z.enum(['builtin', 'cognito']);

/** What the web app needs before sign-in: which identity provider, and which optional features are on. */
export const PublicConfig = z.object({
  auth_provider: AuthProvider,
  /** Set when auth_provider is `cognito`. */
  cognito: z
    .object({
      region: z.string(),
      user_pool_id: z.string(),
      client_id: z.string(),
      /** An emulator's URL (cognito-local in tests); null: AWS's own endpoint for the region. */
      endpoint: z.string().nullable(),
    })
    .nullable(),
  version: z.string(),
  /** The built-in provider's minimum password length (PASSWORD_MIN_LENGTH), shown before the user submits. */
  password_min_length: z.number().int().min(1),
  /**
   * The base map of the results map: a raster tile URL template ({z}/{x}/{y}, optionally {s} subdomains a, b, c)
   * and the attribution its provider asks for (MAP_TILE_URL, MAP_TILE_ATTRIBUTION, MAP_TILE_ATTRIBUTION_URL).
   */
  map: z.object({
    tile_url: z.string(),
    attribution: z.string(),
    attribution_url: z.string().nullable(),
    max_zoom: z.int().min(1).max(24),
  }),
  features: z.object({
    /** A language model is configured (else the built-in analyzer writes texts). */
    language_model: z.boolean(),
    /** A Google Places key is configured (else OpenStreetMap only). */
    google_places: z.boolean(),
  }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const healthRoutes = {
  healthCheck: defineRoute({
    id: 'health.check',
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'Liveness and database check',
    tag: 'health',
    response: Health,
  }),
  healthConfig: defineRoute({
    id: 'health.config',
    method: 'GET',
    path: '/config',
    access: 'public',
    summary: 'Public client configuration: identity provider, version, features',
    tag: 'health',
    response: PublicConfig,
  }),
} as const;

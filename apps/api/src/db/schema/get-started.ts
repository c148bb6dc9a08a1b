import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestamptz, updatedAtColumn } from './columns';

/** The venture a visitor described on /get-started (the contract's PreviewVenture, snake_case JSON). */
export interface PreviewVentureData {
  name: string;
  website: string | null;
  description: string;
  industries: string[];
  locations: string[];
}

/** One business of a preview (the contract's PreviewBusiness). */
export interface PreviewBusinessData {
  name: string;
  category: string | null;
  address: string | null;
  city: string | null;
  website: string | null;
  lat: number | null;
  lng: number | null;
  source: string;
}

/**
 * The anonymous /get-started preview: one per browser `argo-token`, stored by the token's SHA-256 so a
 * leaked table cannot be used to claim it. The account created in the same browser claims (and deletes) it; after
 * `expires_at` it is ignored and swept away.
 */
export const anonymousPreviews = pgTable(
  'anonymous_previews',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    venture: jsonb('venture').$type<PreviewVentureData>().notNull(),
    businesses: jsonb('businesses').$type<PreviewBusinessData[]>().notNull().default([]),
    /** tracking_id values, stored like accounts.tracking_ids. */
    trackingIds: jsonb('tracking_ids').$type<string[]>().notNull().default([]),
    ip: text('ip'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('anonymous_previews_expires_idx').on(t.expiresAt)],
);

/**
 * Fixed-window counters of the preview rate limits, one row per key (`ip:<address>` or `token:<sha256>`). Kept in
 * PostgreSQL so every API process counts against the same limit.
 */
export const anonymousPreviewLimits = pgTable(
  'anonymous_preview_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamptz('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('anonymous_preview_limits_window_idx').on(t.windowStart)],
);

export type AnonymousPreviewRow = typeof anonymousPreviews.$inferSelect;
export type NewAnonymousPreviewRow = typeof anonymousPreviews.$inferInsert;

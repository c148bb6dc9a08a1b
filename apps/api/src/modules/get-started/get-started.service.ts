import { createHash } from 'node:crypto';
import { type CreatePreviewBody, PREVIEW_LIMITS, type Preview, type TrackingId } from '@argo/contract';
import type { Database, DatabaseExecutor } from '../../db/client';
import type {
  AnonymousPreviewRow,
  PreviewBusinessData,
  PreviewVentureData,
} from '../../db/schema/get-started';
import type { Actor } from '../../http/auth';
import { AppError, badRequest } from '../../http/errors';
import { insertSession } from '../sessions/sessions.repository';
import { assignUserToVenture, insertVenture } from '../ventures/ventures.repository';
import { toPreview } from './get-started.mapper';
import {
  countPreviewAttempt,
  findLivePreview,
  sweepPreviews,
  takeLivePreview,
  upsertPreview,
} from './get-started.repository';
import { type PreviewSearch, previewSearchInput } from './preview-search';

export const SIGNED_IN_MESSAGE = 'You are signed in: create ventures on /ventures.';
const NO_PREVIEW_MESSAGE = 'This browser has no preview yet. Describe your venture first.';

/**
 * How many previews one browser token and one IP address may make per window: the preview is open to anyone, so it
 * is rate-limited.
 */
interface PreviewRateLimits {
  perToken: number;
  perIp: number;
  windowMs: number;
}
const DEFAULT_PREVIEW_RATE_LIMITS: PreviewRateLimits = {
  perToken: 10,
  perIp: 20,
  windowMs: 60 * 60 * 1000,
};

export interface GetStartedOptions {
  limits?: Partial<PreviewRateLimits>;
  clock?: () => Date;
  /** Finds the preview's businesses (the routes pass the OpenStreetMap search). */
  search?: PreviewSearch;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The argo-token is a bearer secret: only its SHA-256 is stored, so the table alone cannot claim a preview. */
export function hashAnonymousToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 429 in our error shape that also knows when to come back (the route sends it as Retry-After). */
export class PreviewRateLimited extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
  }
}

function requireAnonymousToken(actor: Actor): string {
  if (actor.kind === 'anonymous') return actor.token;
  // The route's 'anonymous' access lets a signed-in caller through too, but the preview belongs to the browser token.
  throw badRequest(SIGNED_IN_MESSAGE);
}

/**
 * The businesses a preview shows: at most PREVIEW_LIMITS.businesses (10), from discovery (OpenStreetMap by
 * default, see preview-search.ts). Without a search configured (a test of the limits alone) there are none.
 */
async function findPreviewBusinesses(
  venture: PreviewVentureData,
  search: PreviewSearch | undefined,
): Promise<PreviewBusinessData[]> {
  if (!search) return [];
  return (await search(venture)).slice(0, PREVIEW_LIMITS.businesses);
}

/** The preview searches for matching businesses (discovery); the web shows them instead of a teaser. */
const DISCOVERY_AVAILABLE = true;

/** Counts this preview against the token's and the IP's limits; throws 429 (and counts nothing) when one is spent. */
async function checkRateLimits(
  tx: DatabaseExecutor,
  tokenHash: string,
  ip: string,
  now: Date,
  limits: PreviewRateLimits,
): Promise<void> {
  // Always token first, then IP: a fixed lock order, so concurrent transactions cannot deadlock.
  const checks = [
    { key: `token:${tokenHash}`, max: limits.perToken, what: 'this browser' },
    { key: `ip:${ip}`, max: limits.perIp, what: 'your network' },
  ];
  for (const { key, max, what } of checks) {
    const { count, windowStart } = await countPreviewAttempt(tx, key, now, limits.windowMs);
    if (count > max) {
      const seconds = Math.max(
        1,
        Math.ceil((windowStart.getTime() + limits.windowMs - now.getTime()) / 1000),
      );
      const minutes = Math.ceil(seconds / 60);
      throw new PreviewRateLimited(
        `You have made ${max} previews from ${what} in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        seconds,
      );
    }
  }
}

function uniqueValues(...lists: (readonly string[] | undefined)[]): string[] {
  return [...new Set(lists.flatMap((list) => list ?? []))];
}

/** tracking_id values as accounts.tracking_ids stores them. */
export function trackingValues(ids: readonly TrackingId[] | undefined): string[] {
  return uniqueValues((ids ?? []).map((t) => t.value));
}

/**
 * POST /get-started/preview: creates or replaces this browser's preview (one per argo-token). The preview is first
 * counted against the per-token and per-IP limits (a refused one counts nothing), so a spent limit never reaches the
 * search for businesses.
 */
export async function createPreview(
  db: Database,
  actor: Actor,
  body: CreatePreviewBody,
  ip: string,
  options: GetStartedOptions = {},
): Promise<Preview> {
  const token = requireAnonymousToken(actor);
  const limits = { ...DEFAULT_PREVIEW_RATE_LIMITS, ...options.limits };
  const now = options.clock?.() ?? new Date();
  const tokenHash = hashAnonymousToken(token);
  const venture: PreviewVentureData = {
    name: body.venture.name,
    website: body.venture.website ?? null,
    description: body.venture.description,
    industries: uniqueValues(body.venture.industries),
    locations: uniqueValues(body.venture.locations),
  };

  await db.transaction((tx) => checkRateLimits(tx, tokenHash, ip, now, limits));
  // Outside any transaction: a search may take seconds and must not hold the counters' row locks meanwhile.
  const businesses = await findPreviewBusinesses(venture, options.search);
  const row = await db.transaction(async (tx) => {
    const existing = await findLivePreview(tx, tokenHash, now);
    return upsertPreview(tx, {
      tokenHash,
      venture,
      businesses,
      trackingIds: uniqueValues(existing?.trackingIds, trackingValues(body.tracking_ids)),
      ip,
      // A replaced expired preview starts afresh; a live one keeps its creation time.
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + PREVIEW_LIMITS.ttlDays * DAY_MS),
    });
  });
  // Housekeeping, after the answer is settled: a failed sweep must not fail the preview.
  await sweepPreviews(db, now, new Date(now.getTime() - limits.windowMs)).catch(() => undefined);
  return toPreview(row, DISCOVERY_AVAILABLE);
}

/** GET /get-started/preview: this browser's unexpired preview, so the wizard resumes after a reload. */
export async function getPreview(
  db: Database,
  actor: Actor,
  options: GetStartedOptions = {},
): Promise<Preview> {
  const token = requireAnonymousToken(actor);
  const row = await findLivePreview(db, hashAnonymousToken(token), options.clock?.() ?? new Date());
  if (!row) throw new AppError('not_found', NO_PREVIEW_MESSAGE);
  return toPreview(row, DISCOVERY_AVAILABLE);
}

/**
 * Claim, step 1 (inside POST /accounts' transaction): removes and answers the unexpired preview of `token`, or null.
 * Only the browser holding the token can name it; a second claim finds nothing.
 */
export function takeAnonymousPreview(
  tx: DatabaseExecutor,
  token: string | undefined,
  now: Date,
): Promise<AnonymousPreviewRow | null> {
  if (!token) return Promise.resolve(null);
  return takeLivePreview(tx, hashAnonymousToken(token), now);
}

/**
 * Claim, step 2 (same transaction, once the account and its first user exist): the preview's venture becomes the
 * account's first venture, assigned to its creator, and — when the preview found businesses — a draft search session
 * named after it. Answers the new venture's id.
 */
export async function createVentureFromPreview(
  tx: DatabaseExecutor,
  preview: AnonymousPreviewRow,
  accountId: string,
  userId: string,
): Promise<string> {
  const { venture } = preview;
  const row = await insertVenture(tx, {
    accountId,
    name: venture.name,
    website: venture.website,
    description: venture.description,
    icp: { industries: venture.industries, locations: venture.locations },
  });
  await assignUserToVenture(tx, userId, row.id);
  if (preview.businesses.length > 0) {
    await insertSession(tx, {
      accountId,
      ownerId: userId,
      ventureId: row.id,
      name: venture.name,
      type: 'search',
      status: 'draft',
      input: { ...previewSearchInput(venture), limit: PREVIEW_LIMITS.businesses },
    });
  }
  return row.id;
}

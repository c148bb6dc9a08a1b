import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import {
  type AnonymousPreviewRow,
  anonymousPreviewLimits,
  anonymousPreviews,
  type NewAnonymousPreviewRow,
} from '../../db/schema/get-started';

/** The unexpired preview of a token hash, or null. */
export async function findLivePreview(
  db: DatabaseExecutor,
  tokenHash: string,
  now: Date,
): Promise<AnonymousPreviewRow | null> {
  const [row] = await db
    .select()
    .from(anonymousPreviews)
    .where(and(eq(anonymousPreviews.tokenHash, tokenHash), gt(anonymousPreviews.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Creates or replaces the preview of a token hash (one per token). */
export async function upsertPreview(
  db: DatabaseExecutor,
  values: NewAnonymousPreviewRow & { createdAt: Date },
): Promise<AnonymousPreviewRow> {
  const [row] = await db
    .insert(anonymousPreviews)
    .values(values)
    .onConflictDoUpdate({
      target: anonymousPreviews.tokenHash,
      set: {
        venture: values.venture,
        businesses: values.businesses ?? [],
        trackingIds: values.trackingIds ?? [],
        ip: values.ip ?? null,
        createdAt: values.createdAt,
        updatedAt: values.updatedAt ?? values.createdAt,
        expiresAt: values.expiresAt,
      },
    })
    .returning();
  if (!row) throw new Error('upsert into anonymous_previews returned no row');
  return row;
}

/**
 * Deletes and answers the unexpired preview of a token hash, in one statement: of two concurrent claims only one
 * gets the row. Expired previews are left for the sweep.
 */
export async function takeLivePreview(
  db: DatabaseExecutor,
  tokenHash: string,
  now: Date,
): Promise<AnonymousPreviewRow | null> {
  const [row] = await db
    .delete(anonymousPreviews)
    .where(and(eq(anonymousPreviews.tokenHash, tokenHash), gt(anonymousPreviews.expiresAt, now)))
    .returning();
  return row ?? null;
}

/**
 * Counts one more use of `key` in a fixed window of `windowMs` that starts at its first use, and answers the count
 * and the window's start. One atomic upsert: the row stays locked until the caller's transaction ends, so concurrent
 * requests of several API processes are counted one after the other.
 */
export async function countPreviewAttempt(
  db: DatabaseExecutor,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ count: number; windowStart: Date }> {
  const cutoff = new Date(now.getTime() - windowMs);
  const t = anonymousPreviewLimits;
  const expired = sql`${t.windowStart} <= ${cutoff.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(t)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${t.windowStart} end`,
        count: sql`case when ${expired} then 1 else ${t.count} + 1 end`,
      },
    })
    .returning({ count: t.count, windowStart: t.windowStart });
  if (!row) throw new Error('upsert into anonymous_preview_limits returned no row');
  return row;
}

/** Removes expired previews and rate-limit windows that ended before `limitsBefore`. */
export async function sweepPreviews(db: DatabaseExecutor, now: Date, limitsBefore: Date): Promise<void> {
  await db.delete(anonymousPreviews).where(lte(anonymousPreviews.expiresAt, now));
  await db.delete(anonymousPreviewLimits).where(lte(anonymousPreviewLimits.windowStart, limitsBefore));
}

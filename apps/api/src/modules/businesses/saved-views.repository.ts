/** SQL of the saved views: one row per user and session, the view as the contract's JSON. */
import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { savedViews } from '../../db/schema';

export interface SavedViewRow {
  view: Record<string, unknown>;
  updatedAt: Date;
}

const ofUserAndSession = (userId: string, sessionId: string) =>
  and(eq(savedViews.userId, userId), eq(savedViews.sessionId, sessionId));

export async function findSavedView(
  db: DatabaseExecutor,
  userId: string,
  sessionId: string,
): Promise<SavedViewRow | null> {
  const [row] = await db
    .select({ view: savedViews.view, updatedAt: savedViews.updatedAt })
    .from(savedViews)
    .where(ofUserAndSession(userId, sessionId))
    .limit(1);
  return row ?? null;
}

/** Inserts or replaces the user's view of the session. */
export async function upsertSavedView(
  db: DatabaseExecutor,
  userId: string,
  sessionId: string,
  view: Record<string, unknown>,
): Promise<SavedViewRow> {
  const [row] = await db
    .insert(savedViews)
    .values({ userId, sessionId, view })
    .onConflictDoUpdate({
      target: [savedViews.userId, savedViews.sessionId],
      set: { view, updatedAt: sql`now()` },
    })
    .returning({ view: savedViews.view, updatedAt: savedViews.updatedAt });
  if (!row) throw new Error('upsertSavedView: no row returned');
  return row;
}

export async function deleteSavedView(
  db: DatabaseExecutor,
  userId: string,
  sessionId: string,
): Promise<void> {
  await db.delete(savedViews).where(ofUserAndSession(userId, sessionId));
}

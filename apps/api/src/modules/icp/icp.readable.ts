/**
 * What outreach content may be grounded in: only what the caller may read. A member with a
 * view share of a session may write content for its businesses, but the session's venture (its name, description,
 * value proposition) is theirs to see only when they may see the venture; a profile's example businesses only when
 * they may see the example's session. The rules themselves stay in access.service.
 */
import type { DatabaseExecutor } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { AppError } from '../../http/errors';
import { requireSessionAccess, requireVentureAccess } from '../access/access.service';
import { type BusinessFacts, findVentureFacts, readBusinessFacts, type VentureFacts } from './icp.repository';

/** True when `check` passes; false when it refuses with 403/404 (anything else is a real failure). */
async function passes(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (error) {
    if (error instanceof AppError && (error.code === 'not_found' || error.code === 'forbidden')) return false;
    throw error;
  }
}

/** The venture's facts when the actor may view the venture; null otherwise (or when there is none). */
export async function readableVentureFacts(
  db: DatabaseExecutor,
  actor: ActorUser,
  ventureId: string | null,
): Promise<VentureFacts | null> {
  if (!ventureId) return null;
  if (!(await passes(() => requireVentureAccess(db, actor, ventureId, 'view')))) return null;
  return findVentureFacts(db, ventureId);
}

/** The facts of those businesses whose session the actor may view, in the order given. */
export async function readableBusinessFacts(
  db: DatabaseExecutor,
  actor: ActorUser,
  businessIds: readonly string[],
): Promise<BusinessFacts[]> {
  const readable: BusinessFacts[] = [];
  for (const id of businessIds) {
    const found = await readBusinessFacts(db, id);
    if (found && (await passes(() => requireSessionAccess(db, actor, found.sessionId, 'view')))) {
      readable.push(found.facts);
    }
  }
  return readable;
}

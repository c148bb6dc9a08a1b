/**
 * A user's saved view of a session's results: their own columns, filters and sort, so a large
 * session opens the way they left it. It changes nothing of the session, so anyone who may see the session (a view
 * share too) keeps one of their own; nobody reads another user's.
 */
import { SavedView, type SavedViewResponse } from '@argo/contract';
import type { Database } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { readWithSessionAccess, requireSessionAccess } from '../access/access.service';
import { deleteSavedView, findSavedView, type SavedViewRow, upsertSavedView } from './saved-views.repository';

const NO_VIEW: SavedViewResponse = { view: null, updated_at: null };

/**
 * A stored view as the contract's shape. One stored before a filter field or sort field was retired no longer
 * parses: it counts as no view (the table opens with its defaults) rather than failing the page.
 */
function toResponse(row: SavedViewRow | null): SavedViewResponse {
  if (!row) return NO_VIEW;
  const parsed = SavedView.safeParse(row.view);
  if (!parsed.success) return NO_VIEW;
  return { view: parsed.data, updated_at: row.updatedAt.toISOString() };
}

/** GET /user/session/:id/view */
export async function getSavedView(db: Database, actor: ActorUser, sessionId: string) {
  const { value } = await readWithSessionAccess(db, actor, sessionId, 'view', () =>
    findSavedView(db, actor.id, sessionId),
  );
  return toResponse(value);
}

/** PUT /user/session/:id/view (the body is validated by the contract's SavedView). */
export async function saveView(db: Database, actor: ActorUser, sessionId: string, view: SavedView) {
  await requireSessionAccess(db, actor, sessionId, 'view');
  return toResponse(await upsertSavedView(db, actor.id, sessionId, view));
}

/** DELETE /user/session/:id/view: the table goes back to its defaults. */
export async function forgetView(db: Database, actor: ActorUser, sessionId: string): Promise<undefined> {
  await requireSessionAccess(db, actor, sessionId, 'view');
  await deleteSavedView(db, actor.id, sessionId);
  return undefined;
}

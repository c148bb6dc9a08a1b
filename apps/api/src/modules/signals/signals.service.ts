/**
 * Watching sessions and reading what changed (docs/spec.md, "Signals"). Watching needs edit access to the
 * session (it starts enrichments); reading the events needs only to see it. A session has one watch; it repeats
 * the analyzers of the session's last enrichment.
 */
import type {
  CreateWatchBody,
  SignalEventsPage,
  SignalEventsQuery,
  SignalsSettings,
  UpdateWatchBody,
  Watch,
} from '@argo/contract';
import type { Database } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { badRequest, conflict, notFound } from '../../http/errors';
import { requireSessionAccess, requireVentureAccess } from '../access/access.service';
import { findIdsOutsideSession } from '../enrichment/enrichment.repository';
import { findSessionWithOwner } from '../sessions/sessions.repository';
import { findEventsPage, findSeenAt, findSignalsSettings, markSeen, setDigest } from './events.repository';
import { toSignalEvent, toWatch } from './signals.mapper';
import {
  deleteWatch,
  findLastEnrichmentTypes,
  findWatch,
  insertWatch,
  listWatches,
  updateWatch,
} from './watches.repository';

const SHOWN_IDS = 10;

export interface SignalsDeps {
  db: Database;
  clock?: () => Date;
}

const nowOf = (deps: SignalsDeps) => deps.clock?.() ?? new Date();

export async function listSessionWatches(deps: SignalsDeps, actor: ActorUser, sessionId?: string) {
  if (sessionId) await requireSessionAccess(deps.db, actor, sessionId, 'view');
  return (await listWatches(deps.db, actor, sessionId)).map(toWatch);
}

async function loadWatch(deps: SignalsDeps, actor: ActorUser, watchId: string, right: 'view' | 'edit') {
  const watch = await findWatch(deps.db, actor.accountId, watchId);
  if (!watch) throw notFound('Watch');
  try {
    await requireSessionAccess(deps.db, actor, watch.sessionId, right);
  } catch (error) {
    // A watch of a session the actor cannot see is not theirs to learn of.
    if ((error as { code?: string }).code === 'not_found') throw notFound('Watch');
    throw error;
  }
  return watch;
}

/** POST /signals/watches: the first run starts on the next signals tick. */
export async function createWatch(
  deps: SignalsDeps,
  actor: ActorUser,
  body: CreateWatchBody,
): Promise<Watch> {
  const { db } = deps;
  await requireSessionAccess(db, actor, body.session_id, 'edit');
  const session = await findSessionWithOwner(db, actor.accountId, body.session_id);
  if (!session) throw notFound('Session');
  if (!session.runId) {
    throw conflict(
      'This session has no businesses yet; run its discovery or import, enrich it, then watch it.',
    );
  }
  const businessIds = body.business_ids ? [...new Set(body.business_ids)] : null;
  if (businessIds) {
    const outside = await findIdsOutsideSession(db, session.id, session.runId, businessIds);
    if (outside.length) {
      const shown = outside.slice(0, SHOWN_IDS).join(', ');
      const more = outside.length > SHOWN_IDS ? ` and ${outside.length - SHOWN_IDS} more` : '';
      throw badRequest(`business_ids: not businesses of this session: ${shown}${more}`, 'business_ids');
    }
  }
  const types = await findLastEnrichmentTypes(db, session.id);
  if (types.length === 0) {
    throw conflict(
      'This session has not been enriched yet; enrich it first: a watch repeats its last enrichment.',
    );
  }
  const id = await insertWatch(db, {
    accountId: actor.accountId,
    sessionId: session.id,
    businessIds,
    types,
    frequency: body.frequency,
    status: 'active',
    nextRunAt: nowOf(deps),
    createdBy: actor.id,
  });
  if (!id) throw conflict('This session is already watched; change or stop its watch instead.');
  const created = await findWatch(db, actor.accountId, id);
  if (!created) throw new Error('the watch just written was not found');
  return toWatch(created);
}

/** PUT /signals/watches/:id: pause (no next run), resume (runs on the next tick), or another frequency. */
export async function changeWatch(
  deps: SignalsDeps,
  actor: ActorUser,
  watchId: string,
  body: UpdateWatchBody,
): Promise<Watch> {
  const watch = await loadWatch(deps, actor, watchId, 'edit');
  const now = nowOf(deps);
  const status = body.status ?? watch.status;
  const resumed = watch.status === 'paused' && status === 'active';
  await updateWatch(deps.db, watch.id, {
    ...(body.frequency ? { frequency: body.frequency } : {}),
    status,
    nextRunAt: status === 'paused' ? null : resumed ? now : (watch.nextRunAt ?? now),
  });
  const changed = await findWatch(deps.db, actor.accountId, watch.id);
  if (!changed) throw notFound('Watch');
  return toWatch(changed);
}

/** DELETE /signals/watches/:id: no more runs; the events recorded stay. */
export async function stopWatch(deps: SignalsDeps, actor: ActorUser, watchId: string): Promise<void> {
  const watch = await loadWatch(deps, actor, watchId, 'edit');
  await deleteWatch(deps.db, watch.id);
}

/** GET /signals/events */
export async function listSignalEvents(
  deps: SignalsDeps,
  actor: ActorUser,
  query: SignalEventsQuery,
): Promise<SignalEventsPage> {
  const { db } = deps;
  if (query.session_id) await requireSessionAccess(db, actor, query.session_id, 'view');
  if (query.venture_id) await requireVentureAccess(db, actor, query.venture_id, 'view', 'venture_id');
  if (query.since && query.until && query.since > query.until) {
    throw badRequest('until: must be after since.', 'until');
  }
  const seenAt = await findSeenAt(db, actor.id);
  const { rows, total, newCount } = await findEventsPage(db, actor, query, seenAt);
  return {
    items: rows.map((r) => toSignalEvent(r, seenAt)),
    total,
    page: query.page,
    page_size: query.page_size,
    new_count: newCount,
    seen_at: seenAt?.toISOString() ?? null,
  };
}

/** POST /signals/seen */
export async function markSignalsSeen(deps: SignalsDeps, actor: ActorUser): Promise<{ seen_at: string }> {
  const at = nowOf(deps);
  await markSeen(deps.db, actor.id, at);
  return { seen_at: at.toISOString() };
}

/** GET /signals/settings */
export async function getSignalsSettings(deps: SignalsDeps, actor: ActorUser): Promise<SignalsSettings> {
  const { seenAt, digest } = await findSignalsSettings(deps.db, actor.id);
  return { digest, seen_at: seenAt?.toISOString() ?? null };
}

/** PUT /signals/settings */
export async function updateSignalsSettings(
  deps: SignalsDeps,
  actor: ActorUser,
  body: { digest: SignalsSettings['digest'] },
): Promise<SignalsSettings> {
  await setDigest(deps.db, actor.id, body.digest, nowOf(deps));
  return getSignalsSettings(deps, actor);
}

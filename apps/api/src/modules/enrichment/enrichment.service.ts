/**
 * Starting enrichment: check the caller may edit the session, that it is not busy, that the listed
 * businesses are its own; then queue the `session.enrich` job over the session's current businesses.
 */
import {
  analyzersOf,
  canEnrichSession,
  ENRICHABLE_STATUSES,
  type EnrichmentJob,
  type EnrichmentRunBody,
  type EnrichmentType,
  Icp,
} from '@argo/contract';
import type { Database } from '../../db/client';
import type { SessionStatus } from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { badRequest, conflict, notFound } from '../../http/errors';
import { enrichmentJob } from '../../jobs/definitions/enrichment-jobs';
import type { JobQueue } from '../../jobs/queue';
import { requireSessionAccess } from '../access/access.service';
import { resultsWhere } from '../businesses/results-where';
import { failQueuedSession, setRunJobId } from '../sessions/lifecycle.repository';
import { toSession } from '../sessions/sessions.mapper';
import { findSessionWithOwner } from '../sessions/sessions.repository';
import {
  countMatching,
  type EnrichmentRunState,
  findFailedIds,
  findIdsOutsideSession,
  findSessionIcp,
  queueEnrichmentRun,
} from './enrichment.repository';
import { hasIcpCriteria } from './enrichment.rules';

export interface EnrichmentServiceDeps {
  db: Database;
  jobs: JobQueue;
}

/** A session may be enriched once its discovery has ended (its businesses are then stable). */
const SHOWN_IDS = 10;

function busyMessage(status: SessionStatus, stage: string | null): string {
  if (status === 'draft') return 'This session has no businesses yet; run its discovery or import first.';
  const doing = stage ? ` (${stage})` : '';
  return `This session is ${status}${doing}; wait for it to finish or cancel it, then start the enrichment.`;
}

async function loadSession(db: Database, actor: ActorUser, sessionId: string) {
  const row = await findSessionWithOwner(db, actor.accountId, sessionId);
  if (!row) throw notFound('Session');
  return row;
}

/** POST /enrichment/{type} and /enrichment/run */
export async function startEnrichment(
  deps: EnrichmentServiceDeps,
  actor: ActorUser,
  body: Omit<EnrichmentRunBody, 'types'> & { types: readonly EnrichmentType[] },
): Promise<EnrichmentJob> {
  const { db, jobs } = deps;
  const { access } = await requireSessionAccess(db, actor, body.session_id, 'edit');
  const session = await loadSession(db, actor, body.session_id);
  if (!canEnrichSession(session.status) || !session.runId) {
    throw conflict(busyMessage(session.status, session.stage));
  }
  const runId = session.runId;
  let businessIds = body.business_ids ? [...new Set(body.business_ids)] : null;
  if (businessIds) {
    const outside = await findIdsOutsideSession(db, session.id, runId, businessIds);
    if (outside.length) {
      const shown = outside.slice(0, SHOWN_IDS).join(', ');
      const more = outside.length > SHOWN_IDS ? ` and ${outside.length - SHOWN_IDS} more` : '';
      throw badRequest(`business_ids: not businesses of this session: ${shown}${more}`, 'business_ids');
    }
  }
  // "All matching the filters": the results call's own WHERE (a bad filter is its 400), closed businesses left out
  // unless asked for, as the export does.
  // The session row carries its imported file's columns, which `attr.<key>` filters are typed by.
  const matchingWhere = body.matching
    ? resultsWhere(session.id, body.matching, session.attributeColumns)
    : undefined;
  const includeClosed = body.include_closed === true || body.matching?.filters?.is_closed !== undefined;
  if (matchingWhere) {
    if (body.only_failed) {
      throw badRequest(
        'only_failed: with matching, filter on enrichment_state "failed" instead.',
        'only_failed',
      );
    }
    if ((await countMatching(db, matchingWhere)) === 0) {
      throw badRequest(
        'matching: no business of this session matches this search and these filters.',
        'matching',
      );
    }
  }
  if (body.only_failed) {
    businessIds = await findFailedIds(db, {
      sessionId: session.id,
      runId,
      businessIds,
      includeClosed: body.include_closed === true,
    });
    if (businessIds.length === 0) {
      throw badRequest(
        'only_failed: no business of this session (or of business_ids) failed enrichment.',
        'only_failed',
      );
    }
  }

  let types = analyzersOf(body.types);
  if (types.includes('icp_analysis')) {
    const icp = Icp.safeParse((await findSessionIcp(db, session.id)) ?? {});
    if (!icp.success || !hasIcpCriteria(icp.data)) {
      if (types.length === 1) {
        throw conflict(
          session.ventureId
            ? "The session's venture has no ICP yet; describe its ideal customer on /ventures first."
            : 'The session has no venture; assign a venture with an ICP to the session first.',
        );
      }
      // unified / a set of types: do what can be done without an ICP.
      types = types.filter((t) => t !== 'icp_analysis');
    }
  }
  const state: EnrichmentRunState = {
    kind: 'enrichment',
    types,
    business_ids: businessIds,
    ...(matchingWhere ? { matched: true } : {}),
    ...(includeClosed ? { include_closed: true } : {}),
  };
  const queued = await db.transaction((tx) =>
    queueEnrichmentRun(tx, {
      sessionId: session.id,
      from: ENRICHABLE_STATUSES,
      state,
      crawls: types.some((t) => t !== 'icp_analysis'),
      ...(matchingWhere ? { matchingWhere } : {}),
    }),
  );
  if (!queued) {
    const now = await loadSession(db, actor, session.id);
    throw conflict(busyMessage(now.status, now.stage));
  }
  let jobId: string | null;
  try {
    jobId = await jobs.enqueue(enrichmentJob, { session_id: session.id, token: queued.token });
    if (jobId) await setRunJobId(db, session.id, queued.token, jobId);
  } catch (error) {
    await failQueuedSession(db, session.id, 'The enrichment could not be queued. Retry in a moment.');
    throw error;
  }
  const row = await loadSession(db, actor, session.id);
  return { job_id: jobId ?? queued.token, session: toSession(row, access) };
}

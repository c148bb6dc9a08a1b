import {
  CRM_FIELD_MAPPING,
  CRM_NAMES,
  CRM_PROVIDERS,
  type CrmConnection,
  type CrmConnectionsResponse,
  type CrmJob,
  type CrmLogPage,
  type CrmProvider,
  type ParsedBody,
  type routes,
} from '@argo/contract';
import { and, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businesses } from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { crmPushJob, crmSyncJob } from '../../jobs/definitions/crm-jobs';
import type { JobQueue } from '../../jobs/queue';
import { requireSessionAccess } from '../access/access.service';
import { findAttributeColumnsFor } from '../businesses/attribute-filters';
import { resultsWhere } from '../businesses/results-where';
import { CrmError } from './clients/http';
import { type CrmDeps, createCrmClient } from './crm.deps';
import {
  type CrmJobListRow,
  deleteConnection,
  failStuckJobs,
  findActiveJob,
  findConnection,
  findConnections,
  findJob,
  findLogPage,
  findPushIds,
  insertJob,
  listSessionJobs,
  requestCancel,
  saveConnection,
} from './crm.repository';
import { encryptionKey, encryptToken, tokenHint } from './token-cipher';

export interface CrmServiceDeps {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  crm: CrmDeps;
}

type ConnectBody = ParsedBody<typeof routes.crmConnect>;
type PushBody = ParsedBody<typeof routes.crmPush>;
type LogQuery = {
  page: number;
  page_size: number;
  outcome?: 'created' | 'updated' | 'skipped' | 'failed' | undefined;
};

const SHOWN_IDS = 5;

function toJob(row: NonNullable<CrmJobListRow>): CrmJob {
  return {
    id: row.id,
    provider: row.provider,
    kind: row.kind,
    session_id: row.sessionId,
    status: row.status,
    total: row.total,
    done: row.done,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    failed: row.failed,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    created_by: row.createdBy ? { id: row.createdBy, name: row.createdByName || null } : null,
  };
}

/** GET /accounts/crm: both CRMs, connected or not, and where each fact goes. */
export async function listCrmConnections(db: Database, actor: ActorUser): Promise<CrmConnectionsResponse> {
  const rows = await findConnections(db, actor.accountId);
  const connections = CRM_PROVIDERS.map((provider): CrmConnection => {
    const row = rows.find((r) => r.provider === provider);
    return {
      provider,
      connected: !!row,
      token_hint: row?.tokenHint ?? null,
      company_domain: row?.companyDomain ?? null,
      connected_at: row?.connectedAt.toISOString() ?? null,
      connected_by: row?.connectedBy ? { id: row.connectedBy, name: row.connectedByName || null } : null,
      last_sync_at: row?.lastSyncAt?.toISOString() ?? null,
      known_companies: row?.knownCompanies ?? 0,
      known_contacts: row?.knownContacts ?? 0,
    };
  });
  return {
    connections,
    field_mapping: {
      company: CRM_FIELD_MAPPING.company.map((r) => ({ ...r })),
      contact: CRM_FIELD_MAPPING.contact.map((r) => ({ ...r })),
    },
  };
}

/**
 * PUT /accounts/crm/:provider (admins): the token is tried on the CRM first, so a wrong one is a 400 in the CRM's
 * words instead of a push that fails later; then it is stored encrypted.
 */
export async function connectCrm(
  deps: CrmServiceDeps,
  actor: ActorUser,
  provider: CrmProvider,
  body: ConnectBody,
): Promise<CrmConnection> {
  const name = CRM_NAMES[provider];
  const companyDomain = provider === 'pipedrive' ? (body.company_domain ?? null) : null;
  if (provider === 'pipedrive' && !companyDomain) {
    throw badRequest(
      'company_domain: give your Pipedrive company domain, e.g. acme for acme.pipedrive.com.',
      'company_domain',
    );
  }
  if (provider === 'hubspot' && body.company_domain !== undefined) {
    throw badRequest('company_domain: only Pipedrive needs one; leave it out for HubSpot.', 'company_domain');
  }
  try {
    // Once, without retries: the admin waits on this answer.
    const checking = { ...deps.crm, http: { ...deps.crm.http, retries: 0, rateLimitWaits: 1 } };
    await createCrmClient(checking, { provider, token: body.token, companyDomain }).verify();
  } catch (error) {
    if (!(error instanceof CrmError)) throw error;
    const refused = error.status === 401 || error.status === 403;
    throw badRequest(
      refused
        ? `token: ${name} refused this token (${error.message}). Copy it again from ${name}.`
        : `token: ${name} could not check this token (${error.message}). Check the company domain, or try again.`,
      'token',
    );
  }
  const key = await encryptionKey(deps.db, deps.crm.config);
  await saveConnection(deps.db, {
    accountId: actor.accountId,
    provider,
    tokenEncrypted: encryptToken(key, body.token),
    tokenHint: tokenHint(body.token),
    companyDomain,
    connectedBy: actor.id,
  });
  const all = await listCrmConnections(deps.db, actor);
  return all.connections.find((c) => c.provider === provider) as CrmConnection;
}

/** DELETE /accounts/crm/:provider (admins): 404 when it is not connected. */
export async function disconnectCrm(db: Database, actor: ActorUser, provider: CrmProvider): Promise<void> {
  if (!(await deleteConnection(db, actor.accountId, provider))) {
    throw notFound(`A ${CRM_NAMES[provider]} connection`);
  }
}

async function requireConnection(db: Database, actor: ActorUser, provider: CrmProvider) {
  const connection = await findConnection(db, actor.accountId, provider);
  if (!connection) {
    throw badRequest(
      `provider: ${CRM_NAMES[provider]} is not connected; an admin of your organisation can connect it in Settings.`,
      'provider',
    );
  }
  return connection;
}

async function enqueued(deps: CrmServiceDeps, actor: ActorUser, id: string, kind: 'push' | 'sync') {
  await deps.jobs.enqueue(kind === 'push' ? crmPushJob : crmSyncJob, { job_id: id });
  const row = await findJob(deps.db, actor.accountId, id);
  if (!row) throw new Error('the CRM job went missing');
  return toJob(row);
}

/** POST /accounts/crm/:provider/sync: one sync per CRM at a time. */
export async function startCrmSync(
  deps: CrmServiceDeps,
  actor: ActorUser,
  provider: CrmProvider,
): Promise<CrmJob> {
  await requireConnection(deps.db, actor, provider);
  const scope = { accountId: actor.accountId, provider, kind: 'sync' as const, sessionId: null };
  await failStuckJobs(deps.db, actor.accountId);
  if (await findActiveJob(deps.db, scope)) {
    throw conflict(`A sync from ${CRM_NAMES[provider]} is already running; wait for it to finish.`);
  }
  const id = await insertJob(deps.db, { ...scope, businessIds: [], createdBy: actor.id });
  return enqueued(deps, actor, id, 'sync');
}

/**
 * POST /user/session/:id/crm/push (edit access): the businesses are chosen now — the ids given (each of the
 * session's current results, else 400), or all the results' search and filters select — and `exclude_in_crm`
 * leaves out those the CRM already holds. One push per session and CRM at a time.
 */
export async function startCrmPush(
  deps: CrmServiceDeps,
  actor: ActorUser,
  sessionId: string,
  body: PushBody,
): Promise<CrmJob> {
  const { db } = deps;
  await requireSessionAccess(db, actor, sessionId, 'edit');
  await requireConnection(db, actor, body.provider);
  const scope = { accountId: actor.accountId, provider: body.provider, kind: 'push' as const, sessionId };
  await failStuckJobs(db, actor.accountId);
  if (await findActiveJob(db, scope)) {
    throw conflict(
      `A push of this session to ${CRM_NAMES[body.provider]} is already running; wait for it or cancel it.`,
    );
  }
  const filters = {
    ...(body.matching?.filters ?? {}),
    ...(body.exclude_in_crm ? { in_crm: false } : {}),
  };
  const attributeColumns = await findAttributeColumnsFor(db, sessionId, filters);
  let where: SQL = resultsWhere(sessionId, { search: body.matching?.search, filters }, attributeColumns);
  if (body.business_ids) {
    const wanted = [...new Set(body.business_ids)];
    const ofSession = new Set(
      await findPushIds(db, and(resultsWhere(sessionId, {}), inArray(businesses.id, wanted)) as SQL),
    );
    const outside = wanted.filter((id) => !ofSession.has(id));
    if (outside.length) {
      const more = outside.length > SHOWN_IDS ? ` and ${outside.length - SHOWN_IDS} more` : '';
      throw badRequest(
        `business_ids: not businesses of this session's results: ${outside.slice(0, SHOWN_IDS).join(', ')}${more}`,
        'business_ids',
      );
    }
    where = and(where, inArray(businesses.id, wanted)) as SQL;
  }
  const ids = await findPushIds(db, where);
  if (ids.length === 0) {
    throw new AppError(
      'validation_failed',
      body.exclude_in_crm
        ? `Nothing to push: every business chosen is in ${CRM_NAMES[body.provider]} already.`
        : 'matching: no business of this session matches this search and these filters.',
      body.exclude_in_crm ? 'exclude_in_crm' : 'matching',
    );
  }
  const id = await insertJob(db, { ...scope, businessIds: ids, createdBy: actor.id });
  return enqueued(deps, actor, id, 'push');
}

/** A job of the account; a push also needs view access to its session (404 otherwise, as for the session). */
async function visibleJob(db: Database, actor: ActorUser, id: string) {
  let row = await findJob(db, actor.accountId, id);
  if (
    row &&
    (row.status === 'queued' || row.status === 'running') &&
    Date.now() - row.createdAt.getTime() > 60_000
  ) {
    await failStuckJobs(db, actor.accountId);
    row = await findJob(db, actor.accountId, id);
  }
  if (!row) throw notFound('CRM job');
  if (row.sessionId) await requireSessionAccess(db, actor, row.sessionId, 'view');
  return row;
}

export async function getCrmJob(db: Database, actor: ActorUser, id: string): Promise<CrmJob> {
  return toJob(await visibleJob(db, actor, id));
}

export async function listSessionCrmJobs(
  db: Database,
  actor: ActorUser,
  sessionId: string,
): Promise<CrmJob[]> {
  await requireSessionAccess(db, actor, sessionId, 'view');
  return (await listSessionJobs(db, sessionId)).map(toJob);
}

export async function getCrmJobLog(
  db: Database,
  actor: ActorUser,
  id: string,
  query: LogQuery,
): Promise<CrmLogPage> {
  await visibleJob(db, actor, id);
  const { items, total } = await findLogPage(db, id, query);
  return {
    items: items.map((l) => ({
      id: l.id,
      object: l.object,
      key: l.key,
      outcome: l.outcome,
      crm_id: l.crmId,
      message: l.message,
      business_id: l.businessId,
      at: l.at.toISOString(),
    })),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** POST /crm/jobs/:id/cancel: a push needs edit access to its session; a finished job is a 409. */
export async function cancelCrmJob(db: Database, actor: ActorUser, id: string): Promise<CrmJob> {
  const row = await visibleJob(db, actor, id);
  if (row.sessionId) await requireSessionAccess(db, actor, row.sessionId, 'edit');
  if (row.status !== 'queued' && row.status !== 'running') {
    throw conflict(`This ${row.kind} has ${row.status === 'completed' ? 'finished' : row.status} already.`);
  }
  await requestCancel(db, actor.accountId, id);
  return getCrmJob(db, actor, id);
}

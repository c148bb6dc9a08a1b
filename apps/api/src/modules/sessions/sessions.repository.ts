import { and, count, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { type DatabaseExecutor, preparedPerDatabase } from '../../db/client';
import {
  businesses,
  type NewSessionRow,
  type SessionRunSummary,
  type SessionStatus,
  sessionRuns,
  sessions,
  users,
} from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { isSharedWithActor, type SessionAccessLevel, sessionListRule } from '../access/access.repository';
import { type SharedUserRow, sharedUsersFromJson, sharedUsersOf } from '../sharing/sharing.repository';

/** The columns of a session plus its owner, as `toSession` (sessions.mapper.ts) needs them. */
const sessionWithOwnerColumns = {
  ...getTableColumns(sessions),
  ownerEmail: users.email,
  ownerName: users.name,
};
export type SessionWithOwner = typeof sessions.$inferSelect & { ownerEmail: string; ownerName: string };

/**
 * `select <session + owner> from sessions join users` — the start of every query that returns sessions; `extra`
 * adds columns (sub-selects over the session row).
 */
export function selectSessionsWithOwner<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: DatabaseExecutor,
  extra: Extra = {} as Extra,
) {
  return db
    .select({ ...sessionWithOwnerColumns, ...extra })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.ownerId));
}

export async function findSessionWithOwner(
  db: DatabaseExecutor,
  accountId: string,
  sessionId: string,
): Promise<SessionWithOwner | null> {
  const [row] = await selectSessionsWithOwner(db)
    .where(and(eq(sessions.id, sessionId), eq(sessions.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

export async function insertSession(db: DatabaseExecutor, values: NewSessionRow): Promise<string> {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  if (!row) throw new Error('insert into sessions returned no row');
  return row.id;
}

export async function updateSession(
  db: DatabaseExecutor,
  accountId: string,
  sessionId: string,
  values: { name?: string; ventureId?: string | null },
): Promise<void> {
  await db
    .update(sessions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.accountId, accountId)));
}

/**
 * Deletes a session whose status is one of `statuses` (checked in the same statement, so a worker that just
 * started it wins the race). Returns whether a row was deleted.
 */
export async function deleteSessionInStatus(
  db: DatabaseExecutor,
  accountId: string,
  sessionId: string,
  statuses: readonly SessionStatus[],
): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.accountId, accountId),
        sql`${sessions.status} in (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/**
 * The session with its owner (as findSessionWithOwner), the counts of its current run's businesses by enrichment
 * state, the users it is shared with and its run — one statement, for GET …/info, which the web polls while a job runs.
 * The counts are an index-only scan of (session, run, state); a session that never ran has none.
 */
export async function findSessionInfoRow(
  db: DatabaseExecutor,
  accountId: string,
  sessionId: string,
): Promise<SessionInfoRow | null> {
  const [row] = await sessionInfoStatement(db).execute({ sessionId, accountId });
  if (!row) return null;
  const { sharedUsers, ...rest } = row;
  return { ...rest, sharedUsers: sharedUsersFromJson(sharedUsers) };
}

/**
 * findSessionInfoRow's statement, prepared once per connection under a name: PostgreSQL spent twice as long
 * planning it (its sub-queries) as running it, on every poll. It reads the session's run too (null when it never
 * ran), for the progress figures: a statement of its own cost the API's event loop more than this join costs
 * PostgreSQL (bench/load.mjs).
 */
const sessionInfoStatement = preparedPerDatabase((db) => {
  const byState = sql<Record<string, number>>`(select coalesce(json_object_agg(s.state, s.n), '{}'::json)
    from (select ${businesses.enrichmentState} as state, count(*) as n from ${businesses}
          where ${businesses.sessionId} = ${sessions.id} and ${businesses.runId} = ${sessions.runId} group by 1) s)`;
  return db
    .select({
      ...sessionWithOwnerColumns,
      byState,
      sharedUsers: sharedUsersOf(sessions.id),
      run: {
        runId: sessionRuns.runId,
        mode: sessionRuns.mode,
        latest: sessionRuns.latest,
        attemptStartedAt: sessionRuns.attemptStartedAt,
        doneAtAttemptStart: sessionRuns.doneAtAttemptStart,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.ownerId))
    .leftJoin(sessionRuns, eq(sessionRuns.sessionId, sessions.id))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.accountId, sql.placeholder('accountId')),
      ),
    )
    .limit(1)
    .prepare('argo_session_info');
});

export type SessionInfoRow = SessionWithOwner & {
  byState: Record<string, number>;
  sharedUsers: SharedUserRow[];
  /** The session's run (what getRunInfo reads of it), null when it never ran. */
  run: SessionRunSummary | null;
};

export interface SessionListFilter {
  /** all: every session the actor may see; own: owned by the actor; shared: shared with the actor by a grant. */
  scope?: 'all' | 'own' | 'shared';
  search?: string;
  status?: SessionStatus;
  ownerId?: string;
}

export interface SessionListPage {
  rows: (SessionWithOwner & { access: SessionAccessLevel })[];
  total: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of the sessions the actor may see, newest first, each with the actor's access computed in SQL, and
 * the total: two queries, both served by the (account_id, created_at) / owner / trigram indexes.
 */
export async function listSessions(
  db: DatabaseExecutor,
  actor: ActorUser,
  filter: SessionListFilter,
  page: number,
  pageSize: number,
): Promise<SessionListPage> {
  const rule = sessionListRule(actor);
  // Own and shared are each a subset of what the rule shows, with a narrower (cheaper) condition of their own.
  const inAccount = eq(sessions.accountId, actor.accountId);
  const conditions: (SQL | undefined)[] =
    filter.scope === 'own'
      ? [inAccount, eq(sessions.ownerId, actor.id)]
      : filter.scope === 'shared'
        ? [inAccount, isSharedWithActor(actor)]
        : [rule.visible];
  if (filter.ownerId) conditions.push(eq(sessions.ownerId, filter.ownerId));
  if (filter.status) conditions.push(eq(sessions.status, filter.status));
  if (filter.search) conditions.push(sql`${sessions.name} ilike ${`%${escapeLike(filter.search)}%`}`);
  const where = and(...conditions);

  const [rows, totals] = await Promise.all([
    db
      .select({ ...sessionWithOwnerColumns, access: rule.access })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.ownerId))
      .where(where)
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(pageSize)
      .offset(page * pageSize),
    db.select({ total: count() }).from(sessions).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

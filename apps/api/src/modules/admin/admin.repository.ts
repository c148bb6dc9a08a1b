import type { SessionStatus } from '@argo/contract';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import { type PersonRow, people, type VentureRow, ventures } from '../../db/schema/ventures';
import { type SessionWithOwner, selectSessionsWithOwner } from '../sessions/sessions.repository';
import { escapeLike } from '../users/users.repository';

export interface SessionSearch {
  page: number;
  pageSize: number;
  search?: string | undefined;
  status?: SessionStatus | undefined;
  ownerId?: string | undefined;
}

/** A page of every session of the account, newest first, with its owner (the columns sessions.mapper needs). */
export async function searchAccountSessions(
  db: DatabaseExecutor,
  accountId: string,
  q: SessionSearch,
): Promise<{ rows: SessionWithOwner[]; total: number }> {
  const conditions: SQL[] = [eq(sessions.accountId, accountId)];
  if (q.status) conditions.push(eq(sessions.status, q.status));
  if (q.ownerId) conditions.push(eq(sessions.ownerId, q.ownerId));
  if (q.search) conditions.push(ilike(sessions.name, `%${escapeLike(q.search)}%`));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    selectSessionsWithOwner(db)
      .where(where)
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    db.select({ total: count() }).from(sessions).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export type VentureWithCounts = VentureRow & { memberCount: number; sessionCount: number };

/** Every venture of the account by name, with how many users are assigned to it and how many sessions use it. */
export async function listVenturesWithCounts(
  db: DatabaseExecutor,
  accountId: string,
): Promise<VentureWithCounts[]> {
  return db
    .select({
      ...getTableColumns(ventures),
      // Spelled out: drizzle leaves columns unqualified in a one-table select, which would bind to the subquery.
      memberCount: sql<number>`(select count(*) from user_ventures uv where uv.venture_id = "ventures"."id")::int`,
      sessionCount: sql<number>`(select count(*) from sessions s where s.venture_id = "ventures"."id")::int`,
    })
    .from(ventures)
    .where(eq(ventures.accountId, accountId))
    .orderBy(asc(ventures.name), asc(ventures.id));
}

/** The people of these ventures, in team order. */
export async function listPeopleOfVentures(db: DatabaseExecutor, ventureIds: string[]): Promise<PersonRow[]> {
  if (ventureIds.length === 0) return [];
  return db
    .select()
    .from(people)
    .where(inArray(people.ventureId, ventureIds))
    .orderBy(asc(people.ventureId), asc(people.position));
}

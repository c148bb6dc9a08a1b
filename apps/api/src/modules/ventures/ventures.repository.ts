import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import {
  type NewPersonRow,
  type NewVentureRow,
  type PersonRow,
  people,
  users,
  userVentures,
  type VentureRow,
  ventures,
} from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { visibleVenturesRule } from '../access/access.repository';

export async function insertVenture(db: DatabaseExecutor, values: NewVentureRow): Promise<VentureRow> {
  const [row] = await db.insert(ventures).values(values).returning();
  if (!row) throw new Error('insert into ventures returned no row');
  return row;
}

export async function updateVentureRow(
  db: DatabaseExecutor,
  accountId: string,
  ventureId: string,
  values: Partial<Pick<NewVentureRow, 'name' | 'website' | 'description' | 'valueProposition' | 'icp'>>,
): Promise<VentureRow | null> {
  const [row] = await db
    .update(ventures)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(ventures.id, ventureId), eq(ventures.accountId, accountId)))
    .returning();
  return row ?? null;
}

/** The ventures the actor may see (access rule), ordered by name. */
export async function listVisibleVentures(db: DatabaseExecutor, actor: ActorUser): Promise<VentureRow[]> {
  return db
    .select()
    .from(ventures)
    .where(visibleVenturesRule(actor))
    .orderBy(sql`lower(${ventures.name})`, asc(ventures.id));
}

export async function findVenture(
  db: DatabaseExecutor,
  accountId: string,
  ventureId: string,
): Promise<VentureRow | null> {
  const [row] = await db
    .select()
    .from(ventures)
    .where(and(eq(ventures.id, ventureId), eq(ventures.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** Deletes a venture; its people, assignments and ICP profiles cascade, its sessions keep going with no venture. */
export async function deleteVentureRow(
  db: DatabaseExecutor,
  accountId: string,
  ventureId: string,
): Promise<void> {
  await db.delete(ventures).where(and(eq(ventures.id, ventureId), eq(ventures.accountId, accountId)));
}

/** The people of these ventures, in team order. */
export async function listPeople(db: DatabaseExecutor, ventureIds: string[]): Promise<PersonRow[]> {
  if (ventureIds.length === 0) return [];
  return db
    .select()
    .from(people)
    .where(inArray(people.ventureId, ventureIds))
    .orderBy(asc(people.ventureId), asc(people.position));
}

export async function listPersonIds(db: DatabaseExecutor, ventureId: string): Promise<string[]> {
  const rows = await db.select({ id: people.id }).from(people).where(eq(people.ventureId, ventureId));
  return rows.map((r) => r.id);
}

/**
 * Makes the venture's team exactly `team`, in this order: people with an id are updated in place, the others
 * inserted, and everyone not listed removed. Run it inside a transaction.
 */
export async function replacePeople(
  db: DatabaseExecutor,
  ventureId: string,
  accountId: string,
  team: (Omit<NewPersonRow, 'ventureId' | 'accountId' | 'position'> & { id?: string })[],
): Promise<void> {
  const keptIds = team.flatMap((p) => (p.id ? [p.id] : []));
  await db
    .delete(people)
    .where(and(eq(people.ventureId, ventureId), keptIds.length ? notInArray(people.id, keptIds) : undefined));
  const inserts: NewPersonRow[] = [];
  for (const [position, { id, ...fields }] of team.entries()) {
    if (id) {
      await db
        .update(people)
        .set({ ...fields, position })
        .where(and(eq(people.id, id), eq(people.ventureId, ventureId)));
    } else {
      inserts.push({ ...fields, ventureId, accountId, position });
    }
  }
  if (inserts.length) await db.insert(people).values(inserts);
}

/** Users of the account with one of these (lower-case) emails: email → user id. */
export async function findUserIdsByEmail(
  db: DatabaseExecutor,
  accountId: string,
  emails: string[],
): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.email, emails)));
  return new Map(rows.map((r) => [r.email, r.id]));
}

/** Which of these ids are users of the account. */
export async function findAccountUserIds(
  db: DatabaseExecutor,
  accountId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function assignUserToVenture(
  db: DatabaseExecutor,
  userId: string,
  ventureId: string,
): Promise<void> {
  await db.insert(userVentures).values({ userId, ventureId }).onConflictDoNothing();
}

import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { type SuppressionRow, suppressions, users } from '../../db/schema';

export interface SuppressionListRow extends SuppressionRow {
  creator: { id: string; email: string; name: string } | null;
}

const listColumns = {
  id: suppressions.id,
  accountId: suppressions.accountId,
  kind: suppressions.kind,
  value: suppressions.value,
  reason: suppressions.reason,
  createdBy: suppressions.createdBy,
  createdAt: suppressions.createdAt,
  creatorEmail: users.email,
  creatorName: users.name,
};

/** The account's entries, newest first, with who added each. */
export async function listSuppressions(
  db: DatabaseExecutor,
  accountId: string,
  only?: { kind: 'email' | 'domain'; value: string }[],
): Promise<SuppressionListRow[]> {
  const conditions: SQL[] = [eq(suppressions.accountId, accountId)];
  if (only) {
    if (only.length === 0) return [];
    conditions.push(
      or(
        ...only.map((e) => and(eq(suppressions.kind, e.kind), eq(suppressions.value, e.value)) as SQL),
      ) as SQL,
    );
  }
  const rows = await db
    .select(listColumns)
    .from(suppressions)
    .leftJoin(users, eq(users.id, suppressions.createdBy))
    .where(and(...conditions))
    .orderBy(desc(suppressions.createdAt), suppressions.value);
  return rows.map(({ creatorEmail, creatorName, ...row }) => ({
    ...row,
    creator:
      row.createdBy && creatorEmail !== null
        ? { id: row.createdBy, email: creatorEmail, name: creatorName ?? '' }
        : null,
  }));
}

/** Adds the entries; one already on the list keeps its first reason and author. */
export async function insertSuppressions(
  db: DatabaseExecutor,
  accountId: string,
  entries: { kind: 'email' | 'domain'; value: string }[],
  reason: string | null,
  createdBy: string,
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(suppressions)
    .values(entries.map((e) => ({ accountId, kind: e.kind, value: e.value, reason, createdBy })))
    .onConflictDoNothing({ target: [suppressions.accountId, suppressions.kind, suppressions.value] });
}

/** Deletes one entry of the account; false when the account has no such entry. */
export async function deleteSuppression(
  db: DatabaseExecutor,
  accountId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(suppressions)
    .where(and(eq(suppressions.id, id), eq(suppressions.accountId, accountId)))
    .returning({ id: suppressions.id });
  return deleted.length > 0;
}

/** Every entry of the account as kind + value: the suppression rule every exit applies (suppressed-addresses.ts). */
export type SuppressionValue = { kind: 'email' | 'domain'; value: string };

/**
 * The list read with a request's sign-in (sign-in.repository), kept for that request's actor object only: the next
 * request reads it again, so an entry added a moment ago applies at once in every API process.
 */
const readWithIdentity = new WeakMap<object, SuppressionValue[]>();

export function rememberSuppressionValues(actor: object, values: SuppressionValue[]): void {
  readWithIdentity.set(actor, values);
}

export async function findSuppressionValues(
  db: DatabaseExecutor,
  accountId: string,
  actor?: object,
): Promise<SuppressionValue[]> {
  const known = actor ? readWithIdentity.get(actor) : undefined;
  if (known) return known;
  return db
    .select({ kind: suppressions.kind, value: suppressions.value })
    .from(suppressions)
    .where(eq(suppressions.accountId, accountId));
}

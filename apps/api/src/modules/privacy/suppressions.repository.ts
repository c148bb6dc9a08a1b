import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
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

/** Every entry of the account as kind + value, for checks made in code (generated content). */
export async function findSuppressionValues(
  db: DatabaseExecutor,
  accountId: string,
): Promise<{ kind: 'email' | 'domain'; value: string }[]> {
  return db
    .select({ kind: suppressions.kind, value: suppressions.value })
    .from(suppressions)
    .where(eq(suppressions.accountId, accountId));
}

/**
 * SQL: is this email expression suppressed in the account? The exact address, or its domain or a parent domain of
 * it on the list. Used by the exports, which compare in the database row by row.
 */
export function emailSuppressedSql(email: SQL, accountId: SQL): SQL {
  const address = sql`lower(trim(${email}))`;
  const domain = sql`split_part(${address}, '@', 2)`;
  return sql`exists (select 1 from ${suppressions} s where s.account_id = ${accountId} and (
    (s.kind = 'email' and s.value = ${address})
    or (s.kind = 'domain' and (${domain} = s.value or ${domain} like '%.' || s.value))))`;
}

/** SQL: is this domain expression (a business's domain) on the account's list, itself or a parent domain? */
export function domainSuppressedSql(domain: SQL, accountId: SQL): SQL {
  const host = sql`regexp_replace(lower(${domain}), '^www\\.', '')`;
  return sql`exists (select 1 from ${suppressions} s where s.account_id = ${accountId} and s.kind = 'domain'
    and (${host} = s.value or ${host} like '%.' || s.value))`;
}

import { eq } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { type AccountRow, accounts, type NewAccountRow } from '../../db/schema/accounts';

export async function findAccount(db: DatabaseExecutor, accountId: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return row ?? null;
}

export async function insertAccount(db: DatabaseExecutor, values: NewAccountRow): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(values).returning();
  if (!row) throw new Error('insert into accounts returned no row');
  return row;
}

export type AccountPatch = Partial<Pick<AccountRow, 'name' | 'website' | 'requireAdminMfa'>>;

/** Applies the patch (if any) and returns the account as it is now. */
export async function updateAccount(
  db: DatabaseExecutor,
  accountId: string,
  patch: AccountPatch,
): Promise<AccountRow | null> {
  if (Object.keys(patch).length === 0) return findAccount(db, accountId);
  const [row] = await db.update(accounts).set(patch).where(eq(accounts.id, accountId)).returning();
  return row ?? null;
}

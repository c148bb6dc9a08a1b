import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/client';
import { type ApiKeyRow, apiKeys, users } from '../../db/schema';
import type { UserRole, UserStatus } from '../../db/schema/users';

export interface ApiKeyListRow extends ApiKeyRow {
  creator: { id: string; email: string; name: string };
}

/** The account's live keys (not revoked), newest first; only `userId`'s when given. */
export async function listApiKeys(
  db: DatabaseExecutor,
  accountId: string,
  userId: string | null,
): Promise<ApiKeyListRow[]> {
  const rows = await db
    .select({ key: apiKeys, email: users.email, name: users.name })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(
      and(
        eq(apiKeys.accountId, accountId),
        isNull(apiKeys.revokedAt),
        userId ? eq(apiKeys.userId, userId) : undefined,
      ),
    )
    .orderBy(desc(apiKeys.createdAt), apiKeys.id);
  return rows.map(({ key, email, name }) => ({ ...key, creator: { id: key.userId, email, name } }));
}

export async function insertApiKey(
  db: DatabaseExecutor,
  key: Pick<ApiKeyRow, 'accountId' | 'userId' | 'name' | 'prefix' | 'secretHash' | 'scope' | 'expiresAt'>,
): Promise<ApiKeyRow | null> {
  const [row] = await db.insert(apiKeys).values(key).onConflictDoNothing().returning();
  return row ?? null;
}

/** Revokes a live key of the account (only `userId`'s when given); false when there is none to revoke. */
export async function revokeApiKey(
  db: DatabaseExecutor,
  accountId: string,
  id: string,
  userId: string | null,
): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(apiKeys.id, id),
        eq(apiKeys.accountId, accountId),
        isNull(apiKeys.revokedAt),
        userId ? eq(apiKeys.userId, userId) : undefined,
      ),
    )
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export interface ApiKeyAuthRow {
  key_id: string;
  secret_hash: string;
  scope: 'read' | 'read_write';
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  id: string;
  account_id: string;
  email: string;
  role: UserRole;
  status: UserStatus;
  idp_subject: string | null;
  require_admin_mfa: boolean;
}

/**
 * The key with this prefix and the user it acts as, in one indexed read on every request made with a key. A
 * named statement: each connection prepares it once.
 */
const KEY_LOOKUP = {
  name: 'argo_api_key_lookup',
  text: `
    select k.id as key_id, k.secret_hash, k.scope, k.expires_at, k.revoked_at, k.last_used_at,
           u.id, u.account_id, u.email, u.role, u.status, u.idp_subject, a.require_admin_mfa
    from api_keys k
    join users u on u.id = k.user_id and u.account_id = k.account_id
    join accounts a on a.id = u.account_id
    where k.prefix = $1`,
};

export async function findApiKeyForAuth(db: Database, prefix: string): Promise<ApiKeyAuthRow | null> {
  const result = await db.$client.query<ApiKeyAuthRow>({ ...KEY_LOOKUP, values: [prefix] });
  return result.rows[0] ?? null;
}

/** Records a use, at most once a minute per key (a request that finds it fresh writes nothing). */
export async function touchApiKey(db: DatabaseExecutor, id: string): Promise<void> {
  await db.execute(sql`
    update api_keys set last_used_at = now()
    where id = ${id}::uuid and (last_used_at is null or last_used_at < now() - interval '1 minute')`);
}

/**
 * CRM tokens at rest: AES-256-GCM under a key from the configuration (ARGO_ENCRYPTION_KEY), else AUTH_SECRET,
 * else a key generated on first use and kept in app_secrets for every process. The 32-byte key is HKDF-SHA256 of
 * that secret, so any long text serves. A stored value is `v1.<iv>.<tag>.<ciphertext>` (base64url); the tag makes
 * a changed or foreign value fail to decrypt instead of yielding garbage.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { DatabaseExecutor } from '../../db/client';
import { appSecrets } from '../../db/schema';

const SECRET_NAME = 'crm_encryption_key';
const keys = new WeakMap<object, Promise<Buffer>>();

async function storedSecret(db: DatabaseExecutor): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const rows = await db.select().from(appSecrets).where(sql`${appSecrets.name} = ${SECRET_NAME}`);
  const value = rows[0]?.value;
  if (!value) throw new Error('could not create the CRM encryption key');
  return value;
}

/** The AES key of this configuration (read or made once per database handle). */
export function encryptionKey(
  db: DatabaseExecutor,
  config: Pick<Config, 'ARGO_ENCRYPTION_KEY' | 'AUTH_SECRET'>,
): Promise<Buffer> {
  const known = keys.get(db);
  if (known) return known;
  const making = (async () => {
    const secret = config.ARGO_ENCRYPTION_KEY ?? config.AUTH_SECRET ?? (await storedSecret(db));
    return Buffer.from(hkdfSync('sha256', secret, 'argo', 'argo crm tokens v1', 32));
  })();
  making.catch(() => keys.delete(db));
  keys.set(db, making);
  return making;
}

export function encryptToken(key: Buffer, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
  return `v1.${parts.join('.')}`;
}

/** The token; throws when the value was not made with this key. */
export function decryptToken(key: Buffer, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not an encrypted CRM token');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** What the screens show of a token: its last four characters. */
export const tokenHint = (token: string) => `…${token.slice(-4)}`;

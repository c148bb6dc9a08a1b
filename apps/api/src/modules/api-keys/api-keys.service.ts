/**
 * API keys (contract api-keys.ts): every member makes and revokes their own; an admin sees and revokes every key of
 * the organisation. A key is `argo_live_<prefix>_<secret>`: 48 random bits of prefix find its row, 256 random bits
 * of secret prove it. Only the SHA-256 of the whole key is stored, so the database never holds a usable key; a
 * hash of a secret that random needs no slow password hash to resist guessing.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_MARK,
  API_KEY_MAX_DAYS,
  type ApiKey,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@argo/contract';
import type { Database } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import {
  type ApiKeyListRow,
  insertApiKey,
  listApiKeys as listKeyRows,
  revokeApiKey as revokeKeyRow,
} from './api-keys.repository';

/** The stored form of a key: hex SHA-256 of the whole key text. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

const toApiKey = (row: ApiKeyListRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scope: row.scope,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt?.toISOString() ?? null,
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  created_by: { id: row.creator.id, email: row.creator.email, name: row.creator.name || null },
});

const DAY_MS = 24 * 60 * 60 * 1000;

function readExpiry(raw: string | null | undefined, now: Date): Date | null {
  if (!raw) return null;
  const at = new Date(raw);
  if (at.getTime() <= now.getTime() + 60_000) {
    throw badRequest(
      'expires_at: must be in the future (at least a minute from now), or left out.',
      'expires_at',
    );
  }
  if (at.getTime() > now.getTime() + API_KEY_MAX_DAYS * DAY_MS) {
    throw badRequest(`expires_at: must be at most ${API_KEY_MAX_DAYS} days from now.`, 'expires_at');
  }
  return at;
}

export async function listApiKeys(db: Database, actor: ActorUser): Promise<ApiKey[]> {
  const rows = await listKeyRows(db, actor.accountId, actor.role === 'admin' ? null : actor.id);
  return rows.map(toApiKey);
}

export async function createApiKey(
  db: Database,
  actor: ActorUser & { name?: string },
  body: { name: string; scope: CreateApiKeyBody['scope']; expires_at?: string | null },
  now = new Date(),
): Promise<CreatedApiKey> {
  const expiresAt = readExpiry(body.expires_at, now);
  // A prefix taken already (one chance in 2^48 per key) is drawn again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const prefix = randomBytes(6).toString('hex');
    const secret = `${API_KEY_MARK}${prefix}_${randomBytes(32).toString('hex')}`;
    const row = await insertApiKey(db, {
      accountId: actor.accountId,
      userId: actor.id,
      name: body.name,
      prefix,
      secretHash: hashApiKey(secret),
      scope: body.scope,
      expiresAt,
    });
    if (row) {
      const [listed] = (await listKeyRows(db, actor.accountId, actor.id)).filter((k) => k.id === row.id);
      if (!listed) break;
      return { key: toApiKey(listed), secret };
    }
  }
  throw new Error('Could not store a new API key');
}

export async function revokeApiKey(db: Database, actor: ActorUser, id: string): Promise<void> {
  const revoked = await revokeKeyRow(db, actor.accountId, id, actor.role === 'admin' ? null : actor.id);
  if (!revoked) throw notFound('An API key of yours with this id');
}

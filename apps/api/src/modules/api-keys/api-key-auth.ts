/**
 * Verifies the API key of a request (http/auth.ts calls it for a bearer token starting `argo_live_`): the row its
 * prefix names, its hash compared in constant time, not revoked nor expired. The user it acts as comes with it, so
 * the route's access rules then apply to that user as for a sign-in (a disabled user hears 403).
 */
import { timingSafeEqual } from 'node:crypto';
import { API_KEY_PATTERN } from '@argo/contract';
import type { Database } from '../../db/client';
import type { ActorUser, ApiKeyActor } from '../../http/auth';
import { unauthenticated } from '../../http/errors';
import { findApiKeyForAuth, touchApiKey } from './api-keys.repository';
import { hashApiKey } from './api-keys.service';

export interface VerifiedApiKey {
  user: ActorUser;
  /** The user's sign-in subject (null when the user has none). */
  subject: string | null;
  key: ApiKeyActor;
}

const INVALID =
  'The API key is not valid. Copy the whole key (argo_live_…), or create a new one in Settings.';
const TOUCH_EVERY_MS = 60_000;

export async function verifyApiKey(
  db: Database,
  token: string,
  log: { warn(details: object, message?: string): void },
  now = new Date(),
): Promise<VerifiedApiKey> {
  const match = API_KEY_PATTERN.exec(token);
  if (!match?.[1]) throw unauthenticated(INVALID);
  const row = await findApiKeyForAuth(db, match[1]);
  const given = Buffer.from(hashApiKey(token), 'hex');
  const stored = Buffer.from(row?.secret_hash ?? '', 'hex');
  if (!row || stored.length !== given.length || !timingSafeEqual(stored, given))
    throw unauthenticated(INVALID);
  if (row.revoked_at) throw unauthenticated('This API key was revoked. Create a new one in Settings.');
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) {
    throw unauthenticated(
      `This API key expired on ${row.expires_at.toISOString()}. Create a new one in Settings.`,
    );
  }
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= TOUCH_EVERY_MS) {
    // Best effort and not awaited: the request does not wait for the record of its own use.
    touchApiKey(db, row.key_id).catch((error: unknown) =>
      log.warn({ err: error, apiKey: row.key_id }, 'could not record an API key use'),
    );
  }
  return {
    user: {
      id: row.id,
      accountId: row.account_id,
      email: row.email,
      role: row.role,
      status: row.status,
      accountRequiresAdminMfa: row.require_admin_mfa,
    },
    subject: row.idp_subject,
    key: { id: row.key_id, scope: row.scope },
  };
}

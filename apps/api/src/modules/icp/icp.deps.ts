/**
 * What every ICP call needs: its dependencies, the session read with the caller's access, and the language model
 * run when there is one (its failure means the built-in text).
 */
import type { LanguageModel } from '@argo/engine';
import type { Database } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { requireSessionAccess } from '../access/access.service';
import { findSessionFacts } from './icp.repository';

export interface IcpDeps {
  db: Database;
  languageModel: LanguageModel | null;
  /** Told when a model answer was rejected and the built-in text used instead. */
  onModelFallback?: (what: string, error: unknown) => void;
}

export async function readableSession(
  db: Database,
  actor: ActorUser,
  sessionId: string,
  needed: 'view' | 'edit',
) {
  await requireSessionAccess(db, actor, sessionId, needed);
  const session = await findSessionFacts(db, sessionId);
  if (!session) throw notFound('Session');
  return session;
}

/** Runs the model when there is one; its failure (after the client's own retries) means the built-in text. */
export async function withModel<T>(
  deps: IcpDeps,
  what: string,
  run: (model: LanguageModel) => Promise<T>,
): Promise<{ value: T; by: 'model' } | null> {
  if (!deps.languageModel) return null;
  try {
    return { value: await run(deps.languageModel), by: 'model' };
  } catch (error) {
    deps.onModelFallback?.(what, error);
    return null;
  }
}

import type { Session, SessionAccess, SessionStage } from '@argo/contract';
import type { SessionWithOwner } from './sessions.repository';

const STAGES: readonly string[] = ['discovering', 'importing', 'enriching'] satisfies SessionStage[];

/** A session row with its owner → the contract's Session, carrying the caller's access level. */
export function toSession(row: SessionWithOwner, access: SessionAccess): Session {
  return {
    id: row.id,
    account_id: row.accountId,
    owner_id: row.ownerId,
    owner: { id: row.ownerId, email: row.ownerEmail, name: row.ownerName || null },
    venture_id: row.ventureId,
    name: row.name,
    type: row.type,
    input: row.input ?? {},
    status: row.status,
    stage: row.stage && STAGES.includes(row.stage) ? (row.stage as SessionStage) : null,
    progress: { total: row.progressTotal, done: row.progressDone, failed: row.progressFailed },
    error: row.error,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
    access,
  };
}

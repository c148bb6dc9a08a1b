import { canDoSessionAction, canEnrichSession, type Session, sessionAccessAllows } from '@argo/contract';

export interface SessionRowActions {
  /** Its name and venture. */
  edit: boolean;
  share: boolean;
  delete: boolean;
  cancel: boolean;
  retry: boolean;
  restart: boolean;
  /** Open /enrichment for it: its discovery or import is over and the caller may run jobs. */
  enrich: boolean;
}

/**
 * The row actions offered for a session: the status must allow the action and the caller's
 * access must allow it too (view reads only; edit renames and runs; owner and admin also delete and share).
 */
export function getSessionRowActions(session: Pick<Session, 'status' | 'access'>): SessionRowActions {
  const { status, access } = session;
  return {
    edit: canDoSessionAction(status, 'update') && sessionAccessAllows(access, 'update'),
    // Sharing does not depend on the status.
    share: sessionAccessAllows(access, 'share'),
    delete: canDoSessionAction(status, 'delete') && sessionAccessAllows(access, 'delete'),
    cancel: canDoSessionAction(status, 'cancel') && sessionAccessAllows(access, 'cancel'),
    retry: canDoSessionAction(status, 'retry') && sessionAccessAllows(access, 'retry'),
    restart: canDoSessionAction(status, 'restart') && sessionAccessAllows(access, 'restart'),
    enrich: canEnrichSession(status) && sessionAccessAllows(access, 'run'),
  };
}

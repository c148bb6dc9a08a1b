import type { Session, SessionStage, SessionType } from '@argo/contract';

export type SessionScreen = '/csv-mapping' | '/discovery-processing' | '/processing' | '/results';

/** The progress screen of a session's kind: imports have their own. */
const progressScreen = (type: SessionType): SessionScreen =>
  type === 'import' ? '/processing' : '/discovery-processing';

/**
 * Where a session is best looked at now: a draft import still needs its column mapping, a queued or running
 * session shows its progress, every other one its results.
 */
export function sessionScreen(session: Pick<Session, 'type' | 'status'>): SessionScreen {
  if (session.status === 'draft' && session.type === 'import') return '/csv-mapping';
  if (session.status === 'queued' || session.status === 'running') return progressScreen(session.type);
  return '/results';
}

export const SESSION_TYPE_LABELS: Record<SessionType, string> = {
  search: 'Find businesses',
  competitors: 'Competitors’ customers',
  import: 'CSV import',
};

export const STAGE_LABELS: Record<SessionStage, string> = {
  discovering: 'Finding businesses',
  importing: 'Importing rows',
  enriching: 'Enriching',
};

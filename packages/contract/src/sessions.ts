/** Sessions: one discovery job and everything it found, and the session calls of the specification. */
import { z } from 'zod';
import { AttributeColumnSchema } from './attributes';
import {
  Count,
  expected,
  Id,
  IdParams,
  IsoDateTime,
  LIMITS,
  PageQuery,
  paged,
  SearchText,
  text,
} from './common';
import { defineRoute } from './define';
import { SharedUser } from './sharing';
import { SESSION_STATUSES } from './values';

export { SESSION_STATUSES };
export const SessionStatus = z.enum(SESSION_STATUSES, expected(`one of ${SESSION_STATUSES.join(', ')}`));
export type SessionStatus = z.infer<typeof SessionStatus>;

export const SessionType = z.enum(
  ['search', 'competitors', 'import'],
  expected("'search', 'competitors' or 'import'"),
);
export type SessionType = z.infer<typeof SessionType>;

/** What a running session is doing; null when it is not running. */
export const SessionStage = z.enum(['discovering', 'importing', 'enriching']);
export type SessionStage = z.infer<typeof SessionStage>;

/** The caller's access to the session. */
export const SessionAccess = z.enum(['owner', 'admin', 'edit', 'view']);
export type SessionAccess = z.infer<typeof SessionAccess>;

export const SESSION_ACTIONS = {
  draft: ['update', 'delete'],
  queued: ['cancel', 'update'],
  running: ['cancel', 'update'],
  completed: ['restart', 'update', 'delete'],
  failed: ['retry', 'restart', 'update', 'delete'],
  cancelled: ['restart', 'update', 'delete'],
} as const satisfies Record<SessionStatus, readonly string[]>;
export type SessionAction = 'update' | 'delete' | 'cancel' | 'retry' | 'restart';

/** May `action` be done in `status`? (Otherwise 409, see `sessionActionRefusal`.) */
export function canDoSessionAction(status: SessionStatus, action: SessionAction): boolean {
  return (SESSION_ACTIONS[status] as readonly SessionAction[]).includes(action);
}

/**
 * Statuses in which a session's businesses may be enriched: its discovery or import is over (a failed or cancelled
 * run keeps what it found). While it runs, enriching would race the rows being written.
 */
export const ENRICHABLE_STATUSES = [
  'completed',
  'failed',
  'cancelled',
] as const satisfies readonly SessionStatus[];

export function canEnrichSession(status: SessionStatus): boolean {
  return (ENRICHABLE_STATUSES as readonly SessionStatus[]).includes(status);
}

/** The 409 message for an action not allowed in a status, naming the status. */
export function sessionActionRefusal(status: SessionStatus, action: SessionAction): string {
  const allowed = SESSION_ACTIONS[status].join(', ');
  return `Cannot ${action} a session that is ${status}; allowed now: ${allowed}`;
}

/** What an access level may do (ARCHITECTURE.md): view reads; edit updates and runs; owner/admin also delete and share. */
export type SessionRight = SessionAction | 'run' | 'share';
export function sessionAccessAllows(access: SessionAccess, right: SessionRight): boolean {
  if (access === 'owner' || access === 'admin') return true;
  if (access === 'edit') return right !== 'delete' && right !== 'share';
  return false;
}

export const Progress = z.object({ total: Count, done: Count, failed: Count });
export type Progress = z.infer<typeof Progress>;

const SessionOwner = z.object({ id: Id, email: z.string(), name: z.string().nullable() });

export const Session = z
  .object({
    id: Id,
    account_id: Id,
    owner_id: Id,
    owner: SessionOwner,
    venture_id: Id.nullable(),
    name: z.string(),
    type: SessionType,
    /** The query, location, competitor URLs, or the uploaded file's name and mapping. */
    input: z.record(z.string(), z.unknown()),
    status: SessionStatus,
    stage: SessionStage.nullable(),
    progress: Progress,
    error: z.string().nullable(),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
    finished_at: IsoDateTime.nullable(),
    access: SessionAccess,
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof Session>;

/** A CSV row the import refused. */
export const RejectedRow = z.object({ line: z.int().positive(), reason: z.string() });
export type RejectedRow = z.infer<typeof RejectedRow>;

/** A CSV row the import took in without a value it could not read: what was left empty, in plain words. */
const ImportNote = z.object({ line: z.int().positive(), note: z.string() });

/** A business as the progress screens list the latest ones. */
export const LatestBusiness = z.object({
  name: z.string(),
  domain: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  category: z.string().nullable(),
  source: z.string(),
});
export type LatestBusiness = z.infer<typeof LatestBusiness>;

/**
 * The session's current (or last) run, for the progress screens. `progress.done` counts finished units (rows of
 * an import, map tiles of a search), failed ones included; `progress.failed` those that failed (refused rows,
 * tiles that could not be searched).
 */
const SessionRunInfo = z.object({
  /** run: the first run; retry: the failed items again; restart: a new run replacing the results on success. */
  mode: z.enum(['run', 'retry', 'restart']),
  /** When the current attempt started (a resumed or retried run counts from there). */
  started_at: IsoDateTime.nullable(),
  /** Businesses this run has stored so far (a restart's appear in results only once it succeeds). */
  found: Count,
  /** progress.done per second during the current attempt; null before the first progress. */
  rate: z.number().nonnegative().nullable(),
  /** Seconds left at that rate while queued or running; null when unknown. */
  eta_seconds: Count.nullable(),
  /** The businesses stored last, newest first (at most 10). */
  latest: z.array(LatestBusiness),
});

export const SessionInfo = Session.extend({
  counts: z.object({
    businesses: Count,
    /** Keys are enrichment states (pending, running, done, failed, skipped). */
    by_enrichment_state: z.record(z.string(), Count),
  }),
  shared_users: z.array(SharedUser),
  /** Import sessions: the rows that were refused, with line number and reason (the first 100 by line). */
  rejected_rows: z.array(RejectedRow).optional(),
  /** Import sessions: how many rows were refused in all. */
  rejected_count: Count.optional(),
  /**
   * Import sessions: rows imported without a value that could not be read (a website that is no web address…),
   * the first 100 by line; the business is there, without that value.
   */
  import_notes: z.array(ImportNote).optional(),
  /** Import sessions: how many rows have such a note in all. */
  import_note_count: Count.optional(),
  /** The run in progress or the last one; null before the first run. */
  run: SessionRunInfo.nullable().optional(),
  /**
   * Import sessions: the file's own columns kept on each business (`Business.attributes`), in file order; the
   * table's optional columns and the `attr.<key>` filters. Empty when the file had none.
   */
  attribute_columns: z.array(AttributeColumnSchema).optional(),
}).meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof SessionInfo>;

export const PagedSessions = paged(Session);
export type PagedSessions = z.infer<typeof PagedSessions>;

/** POST /users/create_session */
export const CreateSessionBody = z.object({
  name: text(LIMITS.name),
  type: SessionType.default('search'),
  venture_id: Id.nullable().optional(),
  input: z.record(z.string(), z.unknown()).optional(),
});
export type CreateSessionBody = z.infer<typeof CreateSessionBody>;

/** GET /users/sessions — `scope`: all visible, own, or shared with me. */
export const ListSessionsQuery = PageQuery.extend({
  search: SearchText,
  status: SessionStatus.optional(),
  scope: z.enum(['all', 'own', 'shared'], expected("'all', 'own' or 'shared'")).default('all'),
});
export type ListSessionsQuery = z.infer<typeof ListSessionsQuery>;

/** PUT /users/sessions/:id — `venture_id: null` detaches the venture. */
export const UpdateSessionBody = z.object({
  name: text(LIMITS.name).optional(),
  venture_id: Id.nullable().optional(),
});
export type UpdateSessionBody = z.infer<typeof UpdateSessionBody>;

const action = <N extends 'cancel' | 'retry' | 'restart'>(name: N, summary: string) =>
  ({
    id: `sessions.${name}`,
    method: 'POST',
    path: `/users/sessions/:id/${name}`,
    access: 'member',
    summary,
    tag: 'sessions',
    params: IdParams,
    response: Session,
  }) as const;

export const sessionsRoutes = {
  sessionsCreate: defineRoute({
    id: 'sessions.create',
    method: 'POST',
    path: '/users/create_session',
    access: 'member',
    summary: 'Create a session',
    tag: 'sessions',
    body: CreateSessionBody,
    response: Session,
    status: 201,
  }),
  sessionsInfo: defineRoute({
    id: 'sessions.info',
    method: 'GET',
    path: '/user/session/:id/info',
    access: 'member',
    summary: 'A session with its counts and shared users',
    tag: 'sessions',
    params: IdParams,
    response: SessionInfo,
  }),
  sessionsImportReport: defineRoute({
    id: 'sessions.importReport',
    method: 'GET',
    path: '/user/session/:id/import-report',
    access: 'member',
    summary:
      "Every line of an import's file that was not imported, or imported without a value it could not read, as CSV (line, outcome, reason)",
    tag: 'sessions',
    params: IdParams,
    response: z.string(),
    responseType: 'csv',
  }),
  sessionsList: defineRoute({
    id: 'sessions.list',
    method: 'GET',
    path: '/users/sessions',
    access: 'member',
    summary: 'Own and shared sessions, newest first',
    tag: 'sessions',
    query: ListSessionsQuery,
    response: PagedSessions,
  }),
  sessionsUpdate: defineRoute({
    id: 'sessions.update',
    method: 'PUT',
    path: '/users/sessions/:id',
    access: 'member',
    summary: 'Rename a session or change its venture (edit access)',
    tag: 'sessions',
    params: IdParams,
    body: UpdateSessionBody,
    response: Session,
  }),
  sessionsDelete: defineRoute({
    id: 'sessions.delete',
    method: 'DELETE',
    path: '/users/sessions/:id',
    access: 'member',
    summary: 'Delete a session and its results (owner or admin)',
    tag: 'sessions',
    params: IdParams,
    response: null,
    status: 204,
  }),
  sessionsCancel: defineRoute(action('cancel', 'Stop a queued or running session, keeping what was found')),
  sessionsRetry: defineRoute(action('retry', 'Re-run only the failed items of a failed session')),
  sessionsRestart: defineRoute(
    action('restart', 'Run the whole session again; results are replaced on success'),
  ),
} as const;

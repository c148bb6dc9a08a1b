/**
 * Starting discovery: a search by category and place, competitors' customers, and the CSV import
 * (upload → draft session with a preview and an automatic mapping → confirmed mapping → import job).
 */
import {
  type CompetitorCustomersBody,
  canDoSessionAction,
  IMPORT_FIELDS,
  type ImportMappingBody,
  ImportUploadFields,
  type ImportUploadResponse,
  type ScrapeBody,
  type Session,
  type SessionAccess,
  sessionActionRefusal,
} from '@argo/contract';
import { OSM_ATTRIBUTION } from '@argo/engine';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import type { SessionRunMode, SessionStatus, SessionType } from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { requireSessionAccess, requireVentureAccess } from '../access/access.service';
import { startSessionRun } from '../sessions/lifecycle.service';
import { toSession } from '../sessions/sessions.mapper';
import { findSessionWithOwner, insertSession } from '../sessions/sessions.repository';
import type { SearchInput } from './discover.runner';
import { insertSessionFile } from './discovery.repository';
import type { ImportInput } from './import.runner';
import type { UploadReader } from './upload-reader';

export interface DiscoveryServiceDeps {
  db: Database;
  jobs: JobQueue;
  config: Config;
  /** Reads an upload's preview and suggested mapping off the API's thread. */
  uploadReader: UploadReader;
}

interface Target {
  session_id?: string | undefined;
  name?: string | undefined;
  venture_id?: string | null | undefined;
}

const TERMINAL: SessionStatus[] = ['completed', 'failed', 'cancelled'];

async function loadSession(db: Database, actor: ActorUser, sessionId: string) {
  const row = await findSessionWithOwner(db, actor.accountId, sessionId);
  if (!row) throw notFound('Session');
  return row;
}

/**
 * Queues a run of `type` with `input` in the target: an existing session the caller may edit (a draft runs for
 * the first time; a finished one is restarted with the new input, its results replaced on success) or a new one.
 */
async function queueDiscovery(
  deps: DiscoveryServiceDeps,
  actor: ActorUser,
  target: Target,
  type: SessionType,
  input: Record<string, unknown>,
): Promise<Session> {
  const { db, jobs } = deps;
  if (target.venture_id) await requireVentureAccess(db, actor, target.venture_id, 'view', 'venture_id');
  let sessionId = target.session_id;
  let mode: SessionRunMode = 'run';
  let from: SessionStatus[] = ['draft'];
  let access: SessionAccess = 'owner';
  if (sessionId) {
    const check = await requireSessionAccess(db, actor, sessionId, 'edit');
    const { status } = check;
    access = check.access;
    const session = await loadSession(db, actor, sessionId);
    if (status !== 'draft') {
      if (!canDoSessionAction(status, 'restart')) throw conflict(sessionActionRefusal(status, 'restart'));
      if (session.type !== type) {
        throw conflict(
          `This session is a${session.type === 'import' ? 'n' : ''} ${session.type} session; start a new session instead.`,
        );
      }
      mode = 'restart';
      from = TERMINAL;
    }
  } else {
    sessionId = await insertSession(db, {
      accountId: actor.accountId,
      ownerId: actor.id,
      ventureId: target.venture_id ?? null,
      name: target.name as string,
      type,
      input,
      status: 'draft',
    });
  }
  const queued = await startSessionRun(db, jobs, {
    sessionId,
    mode,
    from,
    session: {
      type,
      input,
      ...(target.session_id && target.name !== undefined ? { name: target.name } : {}),
      ...(target.session_id && target.venture_id !== undefined ? { ventureId: target.venture_id } : {}),
    },
  });
  const row = await loadSession(db, actor, sessionId);
  if (!queued) throw conflict(sessionActionRefusal(row.status, 'restart'));
  return toSession(row, access);
}

/** POST /discovery/scrape */
export async function startSearch(
  deps: DiscoveryServiceDeps,
  actor: ActorUser,
  body: ScrapeBody,
): Promise<Session> {
  const hasGoogle = Boolean(deps.config.GOOGLE_PLACES_API_KEY);
  const sources = body.sources ?? (hasGoogle ? ['osm', 'google_places'] : ['osm']);
  if (sources.includes('google_places') && !hasGoogle) {
    throw badRequest(
      'sources: Google Places is not configured on this server; search OpenStreetMap ("osm") instead.',
      'sources',
    );
  }
  const input: SearchInput & { attribution: string | null } = {
    query: body.query,
    ...(body.location !== undefined ? { location: body.location } : {}),
    ...(body.bbox !== undefined ? { bbox: body.bbox } : {}),
    ...(body.radius_km !== undefined ? { radius_km: body.radius_km } : {}),
    limit: body.limit,
    sources: [...new Set(sources)],
    attribution: sources.includes('osm') ? OSM_ATTRIBUTION : null,
  };
  return queueDiscovery(deps, actor, body, 'search', input as unknown as Record<string, unknown>);
}

/** POST /discovery/competitor-customers */
export async function startCompetitors(
  deps: DiscoveryServiceDeps,
  actor: ActorUser,
  body: CompetitorCustomersBody,
): Promise<Session> {
  return queueDiscovery(deps, actor, body, 'competitors', {
    competitor_urls: [...new Set(body.competitor_urls)],
  });
}

export interface UploadedFile {
  fileName: string;
  contentType: string | null;
  data: Buffer;
}

/** POST /discovery/import: stores the file, previews it, suggests a mapping, and creates a draft session. */
export async function uploadImport(
  deps: DiscoveryServiceDeps,
  actor: ActorUser,
  file: UploadedFile,
  rawFields: Record<string, string>,
): Promise<ImportUploadResponse> {
  const { db } = deps;
  const parsed = ImportUploadFields.safeParse(
    Object.fromEntries(Object.entries(rawFields).filter(([, value]) => value.trim() !== '')),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || undefined;
    throw badRequest(`${field ? `${field}: ` : ''}${issue?.message ?? 'invalid form field'}`, field);
  }
  const fields = parsed.data;
  if (fields.venture_id) await requireVentureAccess(db, actor, fields.venture_id, 'view', 'venture_id');
  // Refused (too wide, not a CSV, …) before anything is stored.
  const { preview, mapping } = await deps.uploadReader.read(file.data);
  if (preview.row_count === 0) {
    throw badRequest(
      'file: the file has a header row but no data rows. Add at least one business below the header and upload again.',
      'file',
    );
  }
  const input: ImportInput = {
    file_name: file.fileName,
    size: file.data.length,
    encoding: preview.encoding,
    delimiter: preview.delimiter,
    headers: preview.headers,
    rows: preview.rows,
    row_count: preview.row_count,
    unreadable_rows: preview.unreadable_rows ?? [],
    unreadable_count: preview.unreadable_count ?? 0,
    column_types: preview.column_types,
    mapping,
  };
  const sessionId = await db.transaction(async (tx) => {
    const id = await insertSession(tx, {
      accountId: actor.accountId,
      ownerId: actor.id,
      ventureId: fields.venture_id ?? null,
      name: fields.name ?? nameFromFile(file.fileName),
      type: 'import',
      input: input as unknown as Record<string, unknown>,
      status: 'draft',
    });
    await insertSessionFile(tx, {
      sessionId: id,
      accountId: actor.accountId,
      fileName: file.fileName,
      contentType: file.contentType,
      data: file.data,
    });
    return id;
  });
  // The column types are the import's to use (kept in the session's input), not part of the preview shown.
  const { column_types: _, ...shown } = preview;
  return { session: toSession(await loadSession(db, actor, sessionId), 'owner'), preview: shown, mapping };
}

/** "Dentists (2024).csv" → "Dentists (2024)"; a nameless file → "CSV import". */
function nameFromFile(fileName: string): string {
  const base = fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .trim();
  return (base || 'CSV import').slice(0, 200);
}

/**
 * POST /discovery/import/:id/mapping: checks the mapping against the file's headers and queues the import. A
 * finished import may be mapped again: that restarts it (its results are replaced when the new run succeeds).
 */
export async function confirmImportMapping(
  deps: DiscoveryServiceDeps,
  actor: ActorUser,
  sessionId: string,
  body: ImportMappingBody,
): Promise<Session> {
  const { db, jobs } = deps;
  const { access, status } = await requireSessionAccess(db, actor, sessionId, 'edit');
  const session = await loadSession(db, actor, sessionId);
  if (session.type !== 'import')
    throw conflict('This session is not a CSV import; it has no column mapping.');
  const isDraft = status === 'draft';
  if (!isDraft && !canDoSessionAction(status, 'restart')) {
    throw conflict(sessionActionRefusal(status, 'restart'));
  }
  const input = session.input as unknown as ImportInput;
  const headers = new Set(input.headers ?? []);
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, body.mapping[field] ?? null]));
  for (const field of IMPORT_FIELDS) {
    const header = mapping[field];
    if (header !== null && header !== undefined && !headers.has(header)) {
      throw badRequest(
        `mapping.${field}: the file has no column "${header}"; its columns are ${[...headers].map((h) => `"${h}"`).join(', ')}.`,
        `mapping.${field}`,
      );
    }
  }
  const queued = await startSessionRun(db, jobs, {
    sessionId,
    mode: isDraft ? 'run' : 'restart',
    from: isDraft ? ['draft'] : TERMINAL,
    session: { input: { ...session.input, mapping } },
    progressTotal: input.row_count ?? 0,
  });
  const row = await loadSession(db, actor, sessionId);
  if (!queued) throw conflict(sessionActionRefusal(row.status, 'restart'));
  return toSession(row, access);
}

import type { Readable } from 'node:stream';
import {
  EXPORT_DEFAULT_FILENAME,
  type ExportQuery,
  type ResultsPage,
  type ResultsQuery,
} from '@argo/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { requireSessionAccess } from '../access/access.service';
import { toBusiness } from './businesses.mapper';
import { contentDisposition, exportFileName } from './csv';
import { streamExportCsv } from './export.repository';
import { currentRunOf, findResultsPage, resultsOrder, resultsWhere } from './results.repository';

/** The session's name and current run, after checking the actor may read it (any access level may). */
async function readableSession(db: Database, actor: ActorUser, sessionId: string) {
  // Both at once (one round trip less per page); the session row is only used once access is granted.
  const [, [session]] = await Promise.all([
    requireSessionAccess(db, actor, sessionId, 'view'),
    db
      .select({ runId: sessions.runId, name: sessions.name })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .limit(1),
  ]);
  return { runId: session?.runId ?? null, name: session?.name ?? null };
}

/** A page of the businesses of the session's current run, each with its stored enrichment results. */
export async function getResults(
  db: Database,
  actor: ActorUser,
  sessionId: string,
  query: ResultsQuery,
): Promise<ResultsPage> {
  // The page is read while access is checked — one round trip instead of three — and nothing of it is answered
  // before the check passes (a caller without access hears 404 even for a bad filter).
  const access = requireSessionAccess(db, actor, sessionId, 'view');
  const page = findResultsPage(db, sessionId, currentRunOf(sessionId), query);
  page.catch(() => {}); // answered below, after the access check; never an unhandled rejection
  await access;
  const { rows, total } = await page;
  return {
    items: rows.map((row) => toBusiness(row.business, row.enrichments)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export interface CsvExport {
  fileName: string;
  contentDisposition: string;
  body: Readable;
}

/** The CSV of what the table's search and filters select, in its order, as a stream. */
export async function exportResults(
  db: Database,
  actor: ActorUser,
  sessionId: string,
  query: ExportQuery,
  now: Date,
): Promise<CsvExport> {
  const session = await readableSession(db, actor, sessionId);
  // Built (and a bad filter rejected with 400) before the download starts.
  const where = resultsWhere(sessionId, session.runId, query);
  const body = await streamExportCsv(db.$client, where, resultsOrder(query));
  const fileName = exportFileName(session.name, now, EXPORT_DEFAULT_FILENAME);
  return { fileName, contentDisposition: contentDisposition(fileName), body };
}

import type { Readable } from 'node:stream';
import {
  EXPORT_DEFAULT_FILENAME,
  type ExportQuery,
  type ResultsPage,
  type ResultsQuery,
} from '@argo/contract';
import type { Database } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { readWithSessionAccess } from '../access/access.service';
import { toBusiness } from './businesses.mapper';
import { contentDisposition, exportFileName } from './csv';
import { streamExportCsv } from './export.repository';
import { findResultsPage, findSessionName, resultsOrder, resultsWhere } from './results.repository';

/** A page of the businesses of the session's current run, each with its stored enrichment results. */
export async function getResults(
  db: Database,
  actor: ActorUser,
  sessionId: string,
  query: ResultsQuery,
): Promise<ResultsPage> {
  const { value } = await readWithSessionAccess(db, actor, sessionId, 'view', () =>
    findResultsPage(db, sessionId, query),
  );
  const { rows, total } = value;
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
  const { value: session } = await readWithSessionAccess(db, actor, sessionId, 'view', () =>
    findSessionName(db, sessionId),
  );
  // Built (and a bad filter rejected with 400) before the download starts.
  const where = resultsWhere(sessionId, query);
  const body = await streamExportCsv(db.$client, where, resultsOrder(query));
  const fileName = exportFileName(session?.name ?? null, now, EXPORT_DEFAULT_FILENAME);
  return { fileName, contentDisposition: contentDisposition(fileName), body };
}

import type { Readable } from 'node:stream';
import {
  EXPORT_DEFAULT_FILENAME,
  type ExportQuery,
  type ResultsPage,
  type ResultsQuery,
} from '@argo/contract';
import type pg from 'pg';
import type { Database } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { JsonText } from '../../http/json-text';
import { readWithSessionAccess } from '../access/access.service';
import { findAttributeColumnsFor } from './attribute-filters';
import { toListedBusiness } from './businesses.mapper';
import { streamContactsCsv } from './contacts-export.repository';
import { contentDisposition, exportFileName } from './csv';
import { streamExportCsv } from './export.repository';
import { findExportSource, gzipped, keptOrMadeExport } from './export-cache';
import {
  findExportedSession,
  findListedBusinesses,
  findResultsPage,
  withRowsWritten,
} from './results.repository';
import { exportWhere, resultsOrder } from './results-where';

/**
 * A page of the businesses of the session's current run, as the table shows them (no drawer details): the rows as
 * PostgreSQL wrote them as JSON (listed-business-json.ts), joined into the page's JSON. A row it could not write
 * (legacy software detections) is mapped here, once the access check passed.
 */
export async function getResults(
  db: Database,
  actor: ActorUser,
  sessionId: string,
  query: ResultsQuery,
): Promise<JsonText<ResultsPage>> {
  const { value } = await readWithSessionAccess(db, actor, sessionId, 'view', async () => {
    const attributeColumns = await findAttributeColumnsFor(db, sessionId, query.filters);
    return findResultsPage(db, sessionId, query, attributeColumns);
  });
  let items = value.items;
  if (value.unwritten.length > 0) {
    const rows = await findListedBusinesses(db, value.unwritten);
    items = withRowsWritten(
      value,
      new Map(rows.map((row) => [row.id, JSON.stringify(toListedBusiness(row))])),
    );
  }
  return new JsonText(
    `{"items":[${items}],"total":${value.total},"page":${query.page},"pageSize":${query.pageSize}}`,
  );
}

export interface CsvExport {
  fileName: string;
  contentDisposition: string;
  body: Readable;
  /** `gzip`: `body` is the CSV gzip-compressed (a kept export is kept so); absent: the CSV itself. */
  encoding?: 'gzip';
}

/** The CSV of what the table's search and filters select, in its order, as a stream. */
export async function exportResults(
  db: Database,
  downloads: pg.Pool,
  actor: ActorUser,
  sessionId: string,
  query: ExportQuery,
  now: Date,
): Promise<CsvExport> {
  const { value: session } = await readWithSessionAccess(db, actor, sessionId, 'view', () =>
    findExportSource(db, sessionId, actor.accountId),
  );
  const fingerprint = session?.fingerprint ?? '';
  const attributeColumns = session?.attributeColumns ?? [];
  // Built (and a bad filter rejected with 400) before the download starts.
  const where = exportWhere(sessionId, query, attributeColumns);
  const exportOf = JSON.stringify([sessionId, query, attributeColumns]);
  const body = await keptOrMadeExport({ exportOf, version: fingerprint }, async () =>
    gzipped(await streamExportCsv(downloads, where, resultsOrder(query), query.columns, attributeColumns)),
  );
  const fileName = exportFileName(session?.name ?? null, now, EXPORT_DEFAULT_FILENAME);
  return { fileName, contentDisposition: contentDisposition(fileName), body, encoding: 'gzip' };
}

/**
 * The contacts CSV: one row per person of the businesses the table's search and filters select, in its order.
 * A seniority filter also narrows the people to those seniorities.
 */
export async function exportContacts(
  db: Database,
  downloads: pg.Pool,
  actor: ActorUser,
  sessionId: string,
  query: ExportQuery,
  now: Date,
): Promise<CsvExport> {
  const { value: session } = await readWithSessionAccess(db, actor, sessionId, 'view', () =>
    findExportedSession(db, sessionId),
  );
  const attributeColumns = session?.attributeColumns ?? [];
  const where = exportWhere(sessionId, query, attributeColumns);
  const wanted = query.filters?.seniority;
  const seniorities =
    wanted === undefined || wanted === null || (typeof wanted === 'object' && !Array.isArray(wanted))
      ? null
      : (Array.isArray(wanted) ? wanted : [wanted]).filter((v): v is string => typeof v === 'string');
  const body = await streamContactsCsv(downloads, where, resultsOrder(query), seniorities);
  const base = exportFileName(session?.name ?? null, now, EXPORT_DEFAULT_FILENAME).replace(/\.csv$/, '');
  const fileName = `${base}-contacts.csv`;
  return { fileName, contentDisposition: contentDisposition(fileName), body };
}

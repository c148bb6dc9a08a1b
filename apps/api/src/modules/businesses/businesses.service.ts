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
import { loadSuppressionRule, redactResultsItems } from '../privacy/suppressed-addresses';
import { findAttributeColumnsFor } from './attribute-filters';
import { toListedBusiness } from './businesses.mapper';
import { streamContacts } from './contacts-export.repository';
import { contentDisposition, exportFileName } from './csv';
import { streamExport } from './export.repository';
import { findExportSource, gzipped, keptOrMadeExport } from './export-cache';
import {
  findExportedSession,
  findListedBusinesses,
  findResultsPage,
  withRowsWritten,
} from './results.repository';
import { exportWhere, resultsOrder } from './results-where';
import { XLSX_CONTENT_TYPE } from './xlsx';

/**
 * A page of the businesses of the session's current run, as the table shows them (no drawer details): the rows as
 * PostgreSQL wrote them as JSON (listed-business-json.ts), joined into the page's JSON. A row it could not write
 * (legacy software detections) is mapped here, once the access check passed. Addresses the account's suppression
 * list covers are withheld (redactResultsItems), the one step that reads the rows when the list covers any.
 */
export async function getResults(
  db: Database,
  actor: ActorUser,
  sessionId: string,
  query: ResultsQuery,
): Promise<JsonText<ResultsPage>> {
  const { value } = await readWithSessionAccess(db, actor, sessionId, 'view', async () => {
    const attributeColumns = await findAttributeColumnsFor(db, sessionId, query.filters);
    return Promise.all([
      findResultsPage(db, sessionId, query, attributeColumns),
      loadSuppressionRule(db, actor),
    ]);
  });
  const [page, rule] = value;
  let items = page.items;
  if (page.unwritten.length > 0) {
    const rows = await findListedBusinesses(db, page.unwritten);
    items = withRowsWritten(
      page,
      new Map(rows.map((row) => [row.id, JSON.stringify(toListedBusiness(row))])),
    );
  }
  items = redactResultsItems(items, rule);
  return new JsonText(
    `{"items":[${items}],"total":${page.total},"page":${query.page},"pageSize":${query.pageSize}}`,
  );
}

export interface ExportFile {
  fileName: string;
  contentDisposition: string;
  contentType: string;
  body: Readable;
  /** `gzip`: `body` is the file gzip-compressed (a kept CSV is kept so); absent: the file itself. */
  encoding?: 'gzip';
}

const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** The export's file name for its format: `…-2026-11-21.csv` or `….xlsx`. */
function fileNameOf(sessionName: string | null, now: Date, format: ExportQuery['format'], suffix = '') {
  const base = exportFileName(sessionName, now, EXPORT_DEFAULT_FILENAME).replace(/\.csv$/, '');
  return `${base}${suffix}.${format === 'xlsx' ? 'xlsx' : 'csv'}`;
}

/**
 * The file (CSV or Excel) of what the table's search and filters select, in its order, as a stream: every fact of
 * each business, or the table's visible columns when `columns` names them. A made file is kept (export-cache.ts): a
 * CSV gzipped, a workbook as it is (it is a zip already).
 */
export async function exportResults(
  db: Database,
  downloads: pg.Pool,
  actor: ActorUser,
  sessionId: string,
  query: ExportQuery,
  now: Date,
): Promise<ExportFile> {
  const { value: session } = await readWithSessionAccess(db, actor, sessionId, 'view', () =>
    findExportSource(db, sessionId, actor.accountId),
  );
  const format = query.format ?? 'csv';
  const fingerprint = session?.fingerprint ?? '';
  const attributeColumns = session?.attributeColumns ?? [];
  // Built (and a bad filter rejected with 400) before the download starts.
  const where = exportWhere(sessionId, query, attributeColumns);
  const exportOf = JSON.stringify([sessionId, query, attributeColumns]);
  const body = await keptOrMadeExport({ exportOf, version: fingerprint }, async () => {
    const rule = await loadSuppressionRule(db, actor);
    const file = await streamExport(
      downloads,
      where,
      resultsOrder(query),
      rule,
      query.columns,
      attributeColumns,
      { format },
    );
    return format === 'xlsx' ? file : gzipped(file);
  });
  const fileName = fileNameOf(session?.name ?? null, now, format);
  return {
    fileName,
    contentDisposition: contentDisposition(fileName),
    body,
    ...(format === 'xlsx'
      ? { contentType: XLSX_CONTENT_TYPE }
      : { contentType: CSV_CONTENT_TYPE, encoding: 'gzip' as const }),
  };
}

/**
 * The contacts file (CSV or Excel): one row per person of the businesses the table's search and filters select, in its order.
 * A seniority filter also narrows the people to those seniorities.
 */
export async function exportContacts(
  db: Database,
  downloads: pg.Pool,
  actor: ActorUser,
  sessionId: string,
  query: ExportQuery,
  now: Date,
): Promise<ExportFile> {
  const { value: session } = await readWithSessionAccess(db, actor, sessionId, 'view', () =>
    findExportedSession(db, sessionId),
  );
  const format = query.format ?? 'csv';
  const attributeColumns = session?.attributeColumns ?? [];
  const where = exportWhere(sessionId, query, attributeColumns);
  const wanted = query.filters?.seniority;
  const seniorities =
    wanted === undefined || wanted === null || (typeof wanted === 'object' && !Array.isArray(wanted))
      ? null
      : (Array.isArray(wanted) ? wanted : [wanted]).filter((v): v is string => typeof v === 'string');
  const rule = await loadSuppressionRule(db, actor);
  const body = await streamContacts(downloads, where, resultsOrder(query), seniorities, rule, format);
  const fileName = fileNameOf(session?.name ?? null, now, format, '-contacts');
  return {
    fileName,
    contentDisposition: contentDisposition(fileName),
    contentType: format === 'xlsx' ? XLSX_CONTENT_TYPE : CSV_CONTENT_TYPE,
    body,
  };
}

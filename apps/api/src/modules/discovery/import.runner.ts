/**
 * The `session.import` job: stream the stored CSV through the engine's import (decode, parse, map, merge per
 * batch, link across batches) and store each batch with the last line it covers; a resumed or retried job reads
 * the file again and skips the batches already committed.
 */
import type { AttributeColumn } from '@argo/contract';
import {
  CsvFormatError,
  type CsvPreviewResult,
  type Delimiter,
  type ImportMapping,
  ImportMappingError,
  importCsv,
} from '@argo/engine';
import type { JobRunContext } from '../../jobs/define-job';
import { openSessionRun, RunFailure, type SessionJobPayload, type SessionRun } from '../sessions/session-run';
import { requireDeps } from './discover.runner';
import type { DiscoveryDeps } from './discovery.deps';
import {
  hasSessionFile,
  readSessionFile,
  readSessionFileSlices,
  saveAttributeColumns,
} from './discovery.repository';

/** What an import session's `input` holds (upload, then mapping). */
export interface ImportInput {
  file_name: string;
  size: number;
  encoding: string;
  delimiter: Delimiter;
  headers: string[];
  rows: string[][];
  row_count: number;
  /** The rows the preview could not read (the first few) and how many, shown on the mapping page. */
  unreadable_rows?: { line: number; reason: string }[];
  unreadable_count?: number;
  /**
   * How each column's values read over the whole file, decided by the upload's preview (which reads every row);
   * missing in sessions uploaded before attributes were kept: the job then reads the file once more to decide.
   */
  column_types?: CsvPreviewResult['column_types'];
  mapping: Record<string, string | null>;
}

interface ImportState {
  /** The last physical line of the last committed batch. */
  line?: number;
}

export async function runImportJob(payload: SessionJobPayload, ctx: JobRunContext): Promise<void> {
  const deps = requireDeps(ctx.discovery);
  const run = await openSessionRun<ImportState>(ctx, payload, {
    stage: 'importing',
    progressIntervalMs: deps.progressIntervalMs,
    cancelPollMs: deps.cancelPollMs,
    linkStored: false,
    isUserError: (error) => error instanceof CsvFormatError || error instanceof ImportMappingError,
  });
  if (!run) return;
  try {
    await importFile(run, ctx, deps);
  } catch (error) {
    await run.settle(error);
  } finally {
    run.close();
  }
}

async function importFile(run: SessionRun<ImportState>, ctx: JobRunContext, deps: DiscoveryDeps) {
  const input = run.input as unknown as ImportInput;
  if (!(await hasSessionFile(ctx.db, run.sessionId)))
    throw new RunFailure('The uploaded file is no longer stored. Upload it again in a new import.');
  // With the column types known from the upload, the file streams in slices; an older session's upload is read
  // whole, as the engine reads it twice (once to type its columns).
  const file = input.column_types
    ? readSessionFileSlices(ctx.db, run.sessionId)
    : await readSessionFile(ctx.db, run.sessionId);
  if (!file) throw new RunFailure('The uploaded file is no longer stored. Upload it again in a new import.');
  const committed = run.state.line ?? 0;
  const total = input.row_count;
  let progress = { total, done: 0, failed: 0 };
  const batches = importCsv(file, input.mapping as ImportMapping, {
    delimiter: input.delimiter,
    batchSize: deps.importBatchSize,
    signal: run.signal,
    // A website on an address the crawler may reach (CRAWL_ALLOW_HOSTS) is read as a website, not left empty.
    ...(deps.crawl.fetcher.allowAddresses ? { allowAddresses: deps.crawl.fetcher.allowAddresses } : {}),
    ...(input.column_types ? { columnKinds: input.column_types } : {}),
  });
  // The file's own columns, listed on the session for the results. A first run lists them at once (its rows show
  // as they are stored); a restart, whose mapping may differ, only as it replaces the results at the end. The same
  // file and mapping give the same list, so a resumed or retried run writes the same list again.
  let columns: AttributeColumn[] | null = null;
  for await (const batch of readAhead(batches)) {
    if (columns === null) {
      columns = batch.attributeColumns;
      if (run.mode !== 'restart') await saveAttributeColumns(ctx.db, run.sessionId, columns);
    }
    progress = {
      total: Math.max(total, batch.progress.rows),
      done: batch.progress.rows,
      failed: batch.progress.rejected,
    };
    const line = lastLine(batch.records, batch.rejected);
    if (line <= committed) continue;
    await run.commit({
      records: batch.records,
      rejected: batch.rejected,
      notes: notesByLine(batch.warnings),
      state: { line },
      progress,
    });
  }
  if (run.mode === 'restart') await saveAttributeColumns(ctx.db, run.sessionId, columns ?? []);
  await run.complete({ ...progress, total: progress.done });
}

/** The engine's warnings of a batch as one note per line ("website "x" could not be read; left empty; email …"). */
function notesByLine(
  warnings: readonly { line: number; message: string }[],
): { line: number; note: string }[] {
  const byLine = new Map<number, string[]>();
  for (const { line, message } of warnings) byLine.set(line, [...(byLine.get(line) ?? []), message]);
  return [...byLine].map(([line, messages]) => ({ line, note: messages.join('; ') }));
}

/** The highest physical line a batch covers (accepted rows keep theirs as `line/N` in their sources). */
function lastLine(
  records: readonly { sources: readonly { source_ref: string | null }[] }[],
  rejected: readonly { line: number }[],
): number {
  let max = 0;
  for (const row of rejected) max = Math.max(max, row.line);
  for (const record of records) {
    for (const ref of record.sources) {
      const line = Number(ref.source_ref?.startsWith('line/') ? ref.source_ref.slice(5) : Number.NaN);
      if (line > max) max = line;
    }
  }
  return max;
}

/**
 * Asks for the next batch before handing out the current one, so parsing the next rows (CPU, here) overlaps
 * with storing this batch (PostgreSQL's work).
 */
async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  const ask = () => {
    const promise = iterator.next();
    promise.catch(() => undefined); // rethrown below when awaited
    return promise;
  };
  let next = ask();
  let isDone = false;
  try {
    for (;;) {
      const result = await next;
      if (result.done) {
        isDone = true;
        return;
      }
      next = ask();
      yield result.value;
    }
  } finally {
    if (!isDone) {
      await next.catch(() => undefined);
      await iterator.return?.(undefined);
    }
  }
}

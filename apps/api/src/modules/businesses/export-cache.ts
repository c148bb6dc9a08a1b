/**
 * Finished business CSV exports, kept in memory and served again while nothing they were made from has changed.
 * An analyst (or a CRM sync) downloads the same session again and again; building the file costs the database a
 * row-by-row flattening of every business and its results, in proportion to the rows, while checking that
 * nothing changed costs one scan of the session's row versions.
 *
 * The key is content-addressed: the export's query, plus a fingerprint of every row the file is made from — the
 * session, its businesses and the account's suppression list — as the row count and the sum of the rows' versions
 * (`xmin`, the id of the transaction that wrote each row, renewed on every insert and update; a delete lowers the
 * count or, deleting and inserting alike, swaps an older id for the writer's). The businesses' enrichment results
 * need no reading: any write of them also writes their business (migration 0017's trigger). A write anywhere gives a
 * new fingerprint, so a stale file is never looked up again: a kept file of a newer fingerprint replaces the one of
 * the same export (session, search, filters, columns) at once, instead of leaving it to hold memory until it ages out
 * (repeated exports of one session otherwise fill the cache with dead files). That also makes one
 * cache safe to share by every app in the process. The ids are summed as numbers: hashing each row's text made the
 * check noticeably slower, on every download.
 *
 * Files are kept gzip-compressed, as they are sent to every client that accepts gzip (browsers, curl --compressed,
 * most HTTP libraries): compressed once when made, a kept file is sent as it is, a sixth of the CSV's bytes, and
 * the cache holds six times as many files.
 *
 * A file is made once however many ask for it at the same time (keptOrMadeExport): a team that downloads a session
 * together after a change, or a page of links fetched in parallel, would otherwise make it once per request, each
 * costing the database its full flattening: a session's first export asked for by several users at once took the
 * whole machine in the load bench (figures in docs/performance.md).
 */
import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { AttributeColumn } from '@argo/contract';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';

/** Compressed bytes kept in all, and the largest file kept (a 100,000-row export is ~40 MB of CSV, ~6 MB gzipped). */
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_ENTRY_BYTES = 16 * 1024 * 1024;

/** What a session's export is made from: its name and imported columns, and their fingerprint. */
export interface ExportSource {
  name: string;
  attributeColumns: AttributeColumn[];
  /** See the file's comment. */
  fingerprint: string;
}

/**
 * The session's name and imported columns with the fingerprint of what its export is made from, in one statement
 * (each statement costs the API's event loop more than this one costs PostgreSQL: bench/load.mjs), prepared once
 * per connection. Null when the session does not exist.
 */
export async function findExportSource(
  db: Database,
  sessionId: string,
  accountId: string,
): Promise<ExportSource | null> {
  const result = await db.$client.query<{
    name: string;
    attribute_columns: AttributeColumn[] | null;
    fingerprint: string;
  }>({
    name: 'argo_export_source',
    text: `
      select s.name, s.attribute_columns, concat_ws(':',
        s.xmin::text,
        (select count(*) || '/' || coalesce(sum(b.xmin::text::int8), 0)
           from businesses b where b.session_id = $1),
        (select count(*) || '/' || coalesce(sum(p.xmin::text::int8), 0)
           from suppressions p where p.account_id = $2)
      ) as fingerprint
      from sessions s where s.id = $1`,
    values: [sessionId, accountId],
  });
  const row = result.rows[0];
  return row
    ? { name: row.name, attributeColumns: row.attribute_columns ?? [], fingerprint: row.fingerprint }
    : null;
}

/**
 * Which file: `exportOf` names the export (its session and options), `version` the state of the data it was made
 * from (the fingerprint). An export keeps one version.
 */
export interface ExportKey {
  exportOf: string;
  version: string;
}

/**
 * A kept file, gzipped, in one buffer, by `fileKey`, with its export and when the request that made it started (a
 * later start read newer data).
 */
interface KeptFile {
  file: Buffer;
  exportOf: string;
  started: number;
}
/** Each export's kept file, by `fileKey`. */
const keptVersion = new Map<string, string>();
/** The kept files, least recently used out first past MAX_BYTES in all. */
const entries = new LRUCache<string, KeptFile>({
  maxSize: MAX_BYTES,
  maxEntrySize: MAX_ENTRY_BYTES,
  sizeCalculation: (kept) => Math.max(1, kept.file.length),
  // However a file goes (replaced, evicted, cleared), its export no longer has it.
  dispose: (kept, key) => {
    if (keptVersion.get(kept.exportOf) === key) keptVersion.delete(kept.exportOf);
  },
});
let requestsStarted = 0;

const fileKey = ({ exportOf, version }: ExportKey) => JSON.stringify([exportOf, version]);

/** Files being made, by key: what each will be once read to the end, or undefined when it will not be kept. */
const making = new Map<string, Promise<Buffer | undefined>>();

/**
 * How long a request for a file that is being made waits for it before making its own: the one making it goes at its
 * client's pace, and a slow client must not hold the others for long. The wait is long enough to make the file of
 * a large session (bench/export.mjs; docs/performance.md), so most files are made once; past it, a file is made
 * again, as before.
 */
export const MAKING_WAIT_MS = 2000;

/**
 * The gzip level of a made file: level 3 compresses a results CSV 6.5×, at half the CPU of zlib's default level (6:
 * 7.4×). Misses are common while a session's enrichment runs (every write gives a new fingerprint).
 */
const GZIP_LEVEL = 3;

/** A CSV stream gzip-compressed, as the cache keeps it (an error of the CSV's stream ends the compressed one too). */
export function gzipped(csv: Readable): Readable {
  return pipeline(csv, createGzip({ level: GZIP_LEVEL }), () => {});
}

/**
 * A kept (gzipped) file as a fresh stream of one chunk, or undefined. A hit moves the entry to the young end (least
 * recently used out). One chunk, not the ~16 KB pieces gzip made it in: the event loop writes it to the socket in a
 * few calls instead of one per piece.
 */
function cachedExport(key: string): Readable | undefined {
  const kept = entries.get(key);
  if (!kept) return undefined;
  return Readable.from([kept.file], { objectMode: false });
}

/**
 * The file under `key`: the kept one; else the one another request is making, once it is made (waiting at most
 * MAKING_WAIT_MS); else one from `make()` (a gzipped stream), sent as it is made and kept once read to the end.
 */
export async function keptOrMadeExport(which: ExportKey, make: () => Promise<Readable>): Promise<Readable> {
  const started = ++requestsStarted;
  const key = fileKey(which);
  const kept = cachedExport(key);
  if (kept) return kept;
  const other = making.get(key);
  if (other) {
    const file = await withinWait(other);
    if (file) return Readable.from([file], { objectMode: false });
    // Not kept (too large, abandoned, failed), or still being made at a slow client's pace: make our own.
    return rememberExport(which, started, await make());
  }
  let settle: (file: Buffer | undefined) => void = () => {};
  making.set(
    key,
    new Promise((resolve) => {
      settle = resolve;
    }),
  );
  const settled = (file: Buffer | undefined) => {
    making.delete(key);
    settle(file);
  };
  try {
    return rememberExport(which, started, await make(), settled);
  } catch (error) {
    settled(undefined);
    throw error;
  }
}

async function withinWait(file: Promise<Buffer | undefined>): Promise<Buffer | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), MAKING_WAIT_MS);
  });
  try {
    return await Promise.race([file, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Passes `body` (gzipped) through unchanged and keeps a copy of it as `which` once it has been read to the end (an
 * abandoned or failed download keeps nothing), unless it grows past MAX_ENTRY_BYTES. `settled` hears the kept file,
 * or undefined as soon as it is clear none will be.
 */
function rememberExport(
  which: ExportKey,
  started: number,
  body: Readable,
  settled: (file: Buffer | undefined) => void = () => {},
): Readable {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let keeping = true;
  let told = false;
  const tell = (file: Buffer | undefined) => {
    if (told) return;
    told = true;
    settled(file);
  };
  async function* tee() {
    for await (const chunk of body) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer);
      if (keeping) {
        bytes += buffer.length;
        if (bytes > MAX_ENTRY_BYTES) {
          keeping = false;
          chunks.length = 0;
          tell(undefined);
        } else chunks.push(buffer);
      }
      yield buffer;
    }
    if (keeping) {
      const file = Buffer.concat(chunks, bytes);
      keep(which, started, file);
      tell(file);
    }
  }
  const out = Readable.from(tee(), { objectMode: false });
  // Closed without the whole file (the client went away, even before the first byte; the CSV's stream failed).
  out.once('close', () => tell(undefined));
  return out;
}

/**
 * Keeps the file as its export's version, in place of the version kept before, unless that one was made by a request
 * that started later (a slow download of older data finishing after a newer one); then the least recently used
 * files go until the rest fit in MAX_BYTES.
 */
function keep({ exportOf, version }: ExportKey, started: number, file: Buffer) {
  const key = fileKey({ exportOf, version });
  const currentKey = keptVersion.get(exportOf);
  const current = currentKey === undefined ? undefined : entries.peek(currentKey);
  if (current && current.started > started) return;
  if (currentKey !== undefined) entries.delete(currentKey);
  entries.set(key, { file, exportOf, started });
  keptVersion.set(exportOf, key);
}

/** For tests: how many files are kept, and their bytes. */
export function keptExports(): { files: number; bytes: number } {
  return { files: entries.size, bytes: entries.calculatedSize };
}

/** For tests: forget every kept file. */
export function clearExportCache() {
  entries.clear();
  keptVersion.clear();
}

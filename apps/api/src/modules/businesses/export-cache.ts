/**
 * Finished business CSV exports, kept in memory and served again while nothing they were made from has changed.
 * An analyst (or a CRM sync) downloads the same session again and again; building the file costs the database a
 * row-by-row flattening of every business and its results (about 40 ms per 1,000 rows), while checking that
 * nothing changed costs one scan of the session's row versions.
 *
 * The key is content-addressed: the export's query, plus a fingerprint of every row the file is made from — the
 * session, its businesses and the account's suppression list — as the row count and the sum of the rows' versions
 * (`xmin`, the id of the transaction that wrote each row, renewed on every insert and update; a delete lowers the
 * count or, deleting and inserting alike, swaps an older id for the writer's). The businesses' enrichment results
 * need no reading: any write of them also writes their business (migration 0017's trigger). A write anywhere gives a
 * new fingerprint, so a stale file is never looked up again; old entries simply age out. That also makes one cache
 * safe to share by every app in the process. The ids are summed as numbers: hashing each row's text cost the
 * database a third of the check's time, on every download.
 */
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';

/** Bytes kept in all, and the largest file kept (a 100,000-row export, ~40 MB, is streamed every time). */
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_ENTRY_BYTES = 16 * 1024 * 1024;

/** The fingerprint of what a session's export is made from (see the file's comment). */
export async function exportFingerprint(db: DatabaseExecutor, sessionId: string, accountId: string) {
  const result = await db.execute<{ fingerprint: string }>(sql`
    select concat_ws(':',
      (select s.xmin::text from sessions s where s.id = ${sessionId}),
      (select count(*) || '/' || coalesce(sum(b.xmin::text::int8), 0)
         from businesses b where b.session_id = ${sessionId}),
      (select count(*) || '/' || coalesce(sum(p.xmin::text::int8), 0)
         from suppressions p where p.account_id = ${accountId})
    ) as fingerprint`);
  return result.rows[0]?.fingerprint ?? '';
}

interface Entry {
  chunks: Buffer[];
  bytes: number;
}

const entries = new Map<string, Entry>();
let totalBytes = 0;

/** A kept file as a fresh stream, or undefined. A hit moves the entry to the young end (least recently used out). */
export function cachedExport(key: string): Readable | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  entries.delete(key);
  entries.set(key, entry);
  return Readable.from(entry.chunks, { objectMode: false });
}

/**
 * Passes `body` through unchanged and keeps a copy of it under `key` once it has been read to the end (an
 * abandoned or failed download keeps nothing), unless it grows past MAX_ENTRY_BYTES.
 */
export function rememberExport(key: string, body: Readable): Readable {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let keeping = true;
  async function* tee() {
    for await (const chunk of body) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer);
      if (keeping) {
        bytes += buffer.length;
        if (bytes > MAX_ENTRY_BYTES) {
          keeping = false;
          chunks.length = 0;
        } else chunks.push(buffer);
      }
      yield buffer;
    }
    if (keeping) keep(key, { chunks, bytes });
  }
  return Readable.from(tee(), { objectMode: false });
}

function keep(key: string, entry: Entry) {
  const old = entries.get(key);
  if (old) {
    totalBytes -= old.bytes;
    entries.delete(key);
  }
  entries.set(key, entry);
  totalBytes += entry.bytes;
  for (const [oldestKey, oldest] of entries) {
    if (totalBytes <= MAX_BYTES) break;
    entries.delete(oldestKey);
    totalBytes -= oldest.bytes;
  }
}

/** For tests: forget every kept file. */
export function clearExportCache() {
  entries.clear();
  totalBytes = 0;
}

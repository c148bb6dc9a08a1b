/**
 * What an import said about its rows: the rows it refused and the notes of rows taken in without a value they
 * held, stored per run and listed by line (the session info, the import report).
 */
import { sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { sessionImportNotes, sessionRejectedRows } from '../../db/schema';

/** JSON text for one parameter: arrays travel as one jsonb value (drizzle would spread an array). */
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** Rows an import refused; a replayed batch adds nothing. */
export async function storeRejectedRows(
  db: DatabaseExecutor,
  sessionId: string,
  runId: string,
  rows: readonly { line: number; reason: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${sessionRejectedRows} (session_id, run_id, line, reason)
    select ${sessionId}::uuid, ${runId}::uuid, (r->>'line')::int, r->>'reason' from jsonb_array_elements(${json(rows)}) r
    on conflict do nothing`);
}

/** Rows an import took in without a value it could not read, one note per line; a replayed batch adds nothing. */
export async function storeImportNotes(
  db: DatabaseExecutor,
  sessionId: string,
  runId: string,
  notes: readonly { line: number; note: string }[],
): Promise<void> {
  if (notes.length === 0) return;
  await db.execute(sql`
    insert into ${sessionImportNotes} (session_id, run_id, line, note)
    select ${sessionId}::uuid, ${runId}::uuid, (n->>'line')::int, n->>'note' from jsonb_array_elements(${json(notes)}) n
    on conflict do nothing`);
}

interface LineList<T> {
  rows: T[];
  total: number;
}

/**
 * Everything an import said about its rows, by line: each refused row and each note of a row taken in without a
 * value (the session info lists only the first ones).
 */
export async function listAllRowFeedback(
  db: DatabaseExecutor,
  sessionId: string,
  runId: string,
): Promise<{ kind: 'rejected' | 'note'; line: number; text: string }[]> {
  const { rows } = await db.execute<{ kind: 'rejected' | 'note'; line: number; text: string }>(sql`
    select 'rejected' as kind, line, reason as text
    from ${sessionRejectedRows} where session_id = ${sessionId} and run_id = ${runId}
    union all
    select 'note', line, note
    from ${sessionImportNotes} where session_id = ${sessionId} and run_id = ${runId}
    order by line, kind desc`);
  return rows;
}

/**
 * What an import said about its rows, for the session info: the first `limit` refused rows and import notes of a
 * run by line, and how many of each there are. One statement (the info is polled while a job runs, and each
 * statement costs the API's event loop more than PostgreSQL).
 */
export async function listRowFeedback(
  db: DatabaseExecutor,
  sessionId: string,
  runId: string,
  limit: number,
): Promise<{
  rejected: LineList<{ line: number; reason: string }>;
  notes: LineList<{ line: number; note: string }>;
}> {
  const { rows } = await db.execute<{
    kind: 'rejected' | 'note';
    line: number;
    text: string;
    total: number;
  }>(sql`
    (select 'rejected' as kind, line, reason as text, (count(*) over ())::int as total
     from ${sessionRejectedRows} where session_id = ${sessionId} and run_id = ${runId} order by line limit ${limit})
    union all
    (select 'note', line, note, (count(*) over ())::int
     from ${sessionImportNotes} where session_id = ${sessionId} and run_id = ${runId} order by line limit ${limit})`);
  const rejected: LineList<{ line: number; reason: string }> = { rows: [], total: 0 };
  const notes: LineList<{ line: number; note: string }> = { rows: [], total: 0 };
  for (const row of rows) {
    if (row.kind === 'rejected') {
      rejected.rows.push({ line: row.line, reason: row.text });
      rejected.total = row.total;
    } else {
      notes.rows.push({ line: row.line, note: row.text });
      notes.total = row.total;
    }
  }
  return { rejected, notes };
}

import type { AttributeColumn } from '@argo/contract';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { sessionFiles, sessions } from '../../db/schema';

export async function insertSessionFile(
  db: DatabaseExecutor,
  values: {
    sessionId: string;
    accountId: string;
    fileName: string;
    contentType: string | null;
    data: Buffer;
  },
): Promise<void> {
  await db.insert(sessionFiles).values({ ...values, size: values.data.length });
}

/** The uploaded bytes of an import session (at most IMPORT_MAX_BYTES), or null. */
export async function readSessionFile(db: DatabaseExecutor, sessionId: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ data: sessionFiles.data })
    .from(sessionFiles)
    .where(eq(sessionFiles.sessionId, sessionId))
    .limit(1);
  return row?.data ?? null;
}

/**
 * The uploaded bytes of an import session in slices of `sliceBytes`, read one slice per query, so the job holds
 * one slice (and its text on the wire, bytea as hex: twice the size) at a time instead of the whole file.
 */
export async function* readSessionFileSlices(
  db: DatabaseExecutor,
  sessionId: string,
  sliceBytes = 1024 * 1024,
): AsyncGenerator<Uint8Array> {
  const [file] = await db
    .select({ size: sql<number>`octet_length(${sessionFiles.data})` })
    .from(sessionFiles)
    .where(eq(sessionFiles.sessionId, sessionId))
    .limit(1);
  if (!file) return;
  for (let at = 0; at < file.size; at += sliceBytes) {
    const [slice] = await db
      .select({
        data: sql<Buffer>`substring(${sessionFiles.data} from ${at + 1}::int for ${sliceBytes}::int)`,
      })
      .from(sessionFiles)
      .where(eq(sessionFiles.sessionId, sessionId))
      .limit(1);
    if (!slice) return;
    yield slice.data;
  }
}

export async function hasSessionFile(db: DatabaseExecutor, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ size: sessionFiles.size })
    .from(sessionFiles)
    .where(eq(sessionFiles.sessionId, sessionId))
    .limit(1);
  return row !== undefined;
}

/** The imported file's own columns, as the results show them (sessions.attribute_columns). */
export async function saveAttributeColumns(
  db: DatabaseExecutor,
  sessionId: string,
  columns: readonly AttributeColumn[],
): Promise<void> {
  await db
    .update(sessions)
    .set({ attributeColumns: [...columns] })
    .where(eq(sessions.id, sessionId));
}

import { eq } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { sessionFiles } from '../../db/schema';

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

export async function hasSessionFile(db: DatabaseExecutor, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ size: sessionFiles.size })
    .from(sessionFiles)
    .where(eq(sessionFiles.sessionId, sessionId))
    .limit(1);
  return row !== undefined;
}

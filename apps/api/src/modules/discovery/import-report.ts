/**
 * The import report (GET /user/session/:id/import-report): every line of the file the import refused, and every
 * line it took in without a value it could not read, as CSV. The session info lists only the first ones, and a
 * messy file can have thousands (a new user's trial: 101,582 refused rows, 50 listed, no way to get the rest).
 * Another kind of session has no such lines: its report is the header alone.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessionRuns, sessions } from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { readWithSessionAccess } from '../access/access.service';
import { contentDisposition, csvLine, exportFileName } from '../businesses/csv';
import { listAllRowFeedback } from '../businesses/row-feedback.repository';

const OUTCOMES = { rejected: 'not imported', note: 'imported without a value' } as const;

export interface ImportReport {
  contentDisposition: string;
  body: string;
}

export async function importReport(
  db: Database,
  actor: ActorUser,
  sessionId: string,
  now: Date,
): Promise<ImportReport> {
  const { value: session } = await readWithSessionAccess(db, actor, sessionId, 'view', async () => {
    const [row] = await db
      .select({ name: sessions.name, runId: sessionRuns.runId })
      .from(sessions)
      .leftJoin(sessionRuns, eq(sessionRuns.sessionId, sessions.id))
      .where(eq(sessions.id, sessionId));
    return row;
  });
  if (!session) throw notFound('Session');
  const rows = session.runId ? await listAllRowFeedback(db, sessionId, session.runId) : [];
  // A BOM so spreadsheets read it as UTF-8, as the exports do.
  const lines = [
    `\uFEFF${csvLine(['line', 'outcome', 'reason'])}`,
    ...rows.map((row) => csvLine([row.line, OUTCOMES[row.kind], row.text])),
  ];
  const base = exportFileName(session.name, now, 'session_export.csv').replace(/\.csv$/, '');
  return { contentDisposition: contentDisposition(`${base}-import-report.csv`), body: lines.join('') };
}

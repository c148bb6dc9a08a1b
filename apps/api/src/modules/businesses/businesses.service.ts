import type { ResultsPage, ResultsQuery } from '@argo/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { requireSessionAccess } from '../access/access.service';
import { toBusiness } from './businesses.mapper';
import { findResultsPage } from './results.repository';

/** A page of the businesses of the session's current run (any access level may read). */
export async function getResults(
  db: Database,
  actor: ActorUser,
  sessionId: string,
  query: ResultsQuery,
): Promise<ResultsPage> {
  await requireSessionAccess(db, actor, sessionId, 'view');
  const [session] = await db
    .select({ runId: sessions.runId })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  const { rows, total } = await findResultsPage(db, sessionId, session?.runId ?? null, query);
  return { items: rows.map(toBusiness), total, page: query.page, pageSize: query.pageSize };
}

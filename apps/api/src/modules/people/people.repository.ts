import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { businesses, enrichmentResults, removedPeople } from '../../db/schema';

/** A business of the session (any run) with its merge key and its stored people result, or null. */
export async function findBusinessPeople(db: DatabaseExecutor, sessionId: string, businessId: string) {
  const [row] = await db
    .select({
      dedupeKey: businesses.dedupeKey,
      accountId: businesses.accountId,
      data: enrichmentResults.data,
    })
    .from(businesses)
    .leftJoin(
      enrichmentResults,
      and(eq(enrichmentResults.businessId, businesses.id), sql`${enrichmentResults.type} = 'people'`),
    )
    .where(and(eq(businesses.id, businessId), eq(businesses.sessionId, sessionId)))
    .limit(1);
  return row ?? null;
}

/** Do these two names fold to the same person key (the SQL function the removal trigger uses)? */
export async function samePersonKey(
  db: DatabaseExecutor,
  names: string[],
  wanted: string,
): Promise<boolean[]> {
  if (names.length === 0) return [];
  const result = await db.execute<{ same: boolean }>(sql`
    select person_key_of(n) = person_key_of(${wanted}) as same
    from unnest(${sql.param(names)}::text[]) with ordinality as x(n, i) order by i`);
  return result.rows.map((r) => r.same);
}

/**
 * Records the removal (its addresses merged into an earlier one of the same person) and rewrites the business's
 * stored people and ai_summary results in every run of the session, which the trigger of migration 0009 scrubs.
 */
export async function removePersonFromSession(
  db: DatabaseExecutor,
  removal: {
    accountId: string;
    sessionId: string;
    businessKey: string;
    name: string;
    emails: string[];
    removedBy: string;
  },
): Promise<void> {
  await db
    .insert(removedPeople)
    .values({ ...removal, personKey: sql`person_key_of(${removal.name})` })
    .onConflictDoUpdate({
      target: [removedPeople.sessionId, removedPeople.businessKey, removedPeople.personKey],
      set: {
        emails: sql`(select coalesce(array_agg(distinct e), '{}') from unnest(${removedPeople.emails} || excluded.emails) e)`,
      },
    });
  await db.execute(sql`
    update ${enrichmentResults} set data = data
    where type in ('people', 'ai_summary') and business_id in (
      select id from ${businesses} where session_id = ${removal.sessionId} and dedupe_key = ${removal.businessKey})`);
}

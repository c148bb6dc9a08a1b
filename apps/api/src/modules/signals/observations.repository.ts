/**
 * Recording what one enrichment run saw of a business (engine signals): each fact extends the last observation
 * of its kind when its value is unchanged, or starts a new one; the events between them are stored once per
 * business, run, type and key. Called inside the transaction that stores the business's results.
 */
import { eventsOf, type Fact, factsOf, type Observed, type RunResults, type RunSite } from '@argo/engine';
import { sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { type ObservationRow, observations, signalEvents } from '../../db/schema';

export interface RunSignals {
  sessionId: string;
  /** The enrichment run's job token: one per queued run, the same for its retries. */
  runKey: string;
  /** What the crawl saw of the site; null when the run read no site (ICP re-scored from stored results). */
  site: RunSite | null;
}

const toObserved = (row: ObservationRow): Observed => ({
  kind: row.kind as Observed['kind'],
  value: row.value as unknown as Observed['value'],
  hash: row.valueHash,
  runs: row.runs,
  evidence: row.evidence as Observed['evidence'],
  page: row.pageUrl,
});

/** The last two observations of each kind of a business, newest first. */
async function findRecentObservations(db: DatabaseExecutor, businessId: string): Promise<ObservationRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select id from (
      select id, row_number() over (partition by kind order by first_seen_at desc, id desc) as n
      from ${observations} where business_id = ${businessId}
    ) recent where n <= 2`);
  const ids = result.rows.map((r) => r.id as string);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(observations)
    .where(sql`${observations.id} = any(${sql.param(ids)}::uuid[])`)
    .orderBy(sql`${observations.firstSeenAt} desc, ${observations.id} desc`);
}

export async function recordSignals(
  db: DatabaseExecutor,
  input: { accountId: string; businessId: string; results: RunResults; signals: RunSignals; at: Date },
): Promise<number> {
  const facts = factsOf(input.results, input.signals.site);
  if (facts.length === 0) return 0;
  const recent = await findRecentObservations(db, input.businessId);
  let recorded = 0;
  for (const fact of facts) {
    const ofKind = recent.filter((r) => r.kind === fact.kind);
    const [last, beforeLast] = ofKind;
    // This run already recorded this kind (a retried batch): nothing more to count or report.
    if (last?.runKey === input.signals.runKey) continue;
    const events = eventsOf({
      last: last ? toObserved(last) : null,
      beforeLast: beforeLast ? toObserved(beforeLast) : null,
      next: fact,
    });
    await observe(db, input, fact, last ?? null);
    if (events.length === 0) continue;
    const rows = await db
      .insert(signalEvents)
      .values(
        events.map((e) => ({
          accountId: input.accountId,
          sessionId: input.signals.sessionId,
          businessId: input.businessId,
          type: e.type,
          key: e.key,
          before: e.before ?? null,
          after: e.after ?? null,
          evidence: e.evidence,
          page: e.page,
          occurredAt: input.at,
          runId: input.signals.runKey,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: signalEvents.id });
    recorded += rows.length;
  }
  return recorded;
}

async function observe(
  db: DatabaseExecutor,
  input: { accountId: string; businessId: string; signals: RunSignals; at: Date },
  fact: Fact,
  last: ObservationRow | null,
): Promise<void> {
  if (last && last.valueHash === fact.hash) {
    await db
      .update(observations)
      .set({
        seenUntil: input.at,
        runs: sql`${observations.runs} + 1`,
        runKey: input.signals.runKey,
        evidence: fact.evidence as Record<string, unknown>,
        pageUrl: fact.page,
      })
      .where(sql`${observations.id} = ${last.id}`);
    return;
  }
  await db.insert(observations).values({
    accountId: input.accountId,
    businessId: input.businessId,
    kind: fact.kind,
    value: fact.value as unknown as Record<string, unknown>,
    valueHash: fact.hash,
    evidence: fact.evidence as Record<string, unknown>,
    pageUrl: fact.page,
    firstSeenAt: input.at,
    seenUntil: input.at,
    runKey: input.signals.runKey,
  });
}

import { type SQL, sql } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/client';
import { lookalikeScores, lookalikeSeedSets } from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { sessionListRule } from '../access/access.repository';

/** A business as the lookalikes read it: what the table shows of it and the facts it is compared by. */
export type LookalikeRow = {
  id: string;
  session_id: string;
  name: string;
  website: string | null;
  domain: string | null;
  city: string | null;
  region: string | null;
  category: string | null;
  categories: string[];
  industry: string | null;
  icp_tier: 'A' | 'B' | 'C' | 'D' | null;
  lat: number | null;
  lng: number | null;
  /** The business software as a results page lists it: `[{ name, category }]`. */
  software: { name: string; category: string }[];
  summary: string | null;
  /** The stored summary's services, as it lists them. */
  services: unknown[] | null;
  language: string | null;
  employees: number | null;
  /** The business's updated_at as PostgreSQL writes it (exact, for the stored features' version). */
  version: string;
};

/** Which businesses: one session's current run, or the current runs of every session the actor may view. */
export type LookalikeScope =
  | { kind: 'session'; sessionId: string }
  | { kind: 'visible'; actor: ActorUser }
  | { kind: 'ids'; actor: ActorUser; ids: string[] }
  /** Businesses already found in a checked scope. */
  | { kind: 'known'; ids: string[] }
  | { kind: 'tier'; sessionId: string; tier: string };

/** The summary is cut: its first words say what the business is, a long one says no more. */
const TEXT_CHARS = 1200;

function scopeWhere(scope: LookalikeScope): SQL {
  switch (scope.kind) {
    case 'session':
      return sql`s.id = ${scope.sessionId}`;
    case 'tier':
      return sql`s.id = ${scope.sessionId} and b.icp_tier = ${scope.tier}`;
    case 'visible':
      return sql`s.id in (select sessions.id from sessions where ${sessionListRule(scope.actor).visible})`;
    case 'known':
      return sql`b.id = any(${`{${scope.ids.join(',')}}`}::uuid[])`;
    case 'ids':
      return sql`s.id in (select sessions.id from sessions where ${sessionListRule(scope.actor).visible})
        and b.id = any(${`{${scope.ids.join(',')}}`}::uuid[])`;
  }
}

/**
 * The businesses of a scope with the facts similarity reads: the row's own, the software a results page lists
 * (kept by a trigger, so no result is read and trimmed), and the stored summary's services, language and employee
 * estimate. Only current runs: a restarted session's old rows are no results.
 */
export async function readLookalikeRows(
  db: DatabaseExecutor,
  scope: LookalikeScope,
): Promise<LookalikeRow[]> {
  const result = await db.execute<LookalikeRow>(sql`
    select b.id, b.session_id, b.name, b.website, b.domain, b.city, b.region, b.category, b.categories,
      b.industry, b.icp_tier, b.lat, b.lng, b.listed_software as software,
      left(b.summary, ${TEXT_CHARS}) as summary,
      case when jsonb_typeof(sm.data -> 'services') = 'array' then sm.data -> 'services' end as services,
      sm.data ->> 'language' as language,
      case when jsonb_typeof(sm.data -> 'employee_estimate') = 'number'
        then (sm.data ->> 'employee_estimate')::float8 end as employees,
      b.updated_at::text as version
    from businesses b
    join sessions s on s.id = b.session_id and s.run_id = b.run_id
    left join enrichment_results sm on sm.business_id = b.id and sm.type = 'ai_summary'
    where ${scopeWhere(scope)}`);
  return result.rows;
}

/** Names and domains of the businesses the actor may view, for matching a customer list. */
export async function readMatchable(
  db: DatabaseExecutor,
  actor: ActorUser,
): Promise<{ id: string; name: string; domain: string | null }[]> {
  const result = await db.execute<{ id: string; name: string; domain: string | null }>(sql`
    select b.id, b.name, b.domain from businesses b
    join sessions s on s.id = b.session_id and s.run_id = b.run_id
    where s.id in (select sessions.id from sessions where ${sessionListRule(actor).visible})`);
  return result.rows;
}

/** A session's type, or null when it is not in the account (the caller checked access first). */
export async function findSessionType(db: DatabaseExecutor, accountId: string, sessionId: string) {
  const result = await db.execute<{ type: string }>(
    sql`select type from sessions where id = ${sessionId} and account_id = ${accountId}`,
  );
  return result.rows[0]?.type ?? null;
}

export interface StoredSeedSet {
  sessionId: string;
  accountId: string;
  seeds: Record<string, unknown>;
  seedIds: string[];
  unmatched: string[];
  setBy: string;
  scores: { id: string; score: number }[];
}

/** Replaces a session's seed set and every score, in one transaction (a results page never sees half). */
export async function replaceSessionScores(db: Database, set: StoredSeedSet): Promise<Date> {
  return db.transaction(async (tx) => {
    await tx.delete(lookalikeScores).where(sql`${lookalikeScores.sessionId} = ${set.sessionId}`);
    const CHUNK = 10_000;
    for (let i = 0; i < set.scores.length; i += CHUNK) {
      const chunk = set.scores.slice(i, i + CHUNK);
      await tx.execute(sql`
        insert into lookalike_scores (business_id, session_id, score)
        select id, ${set.sessionId}::uuid, score
        from unnest(${`{${chunk.map((s) => s.id).join(',')}}`}::uuid[], ${`{${chunk.map((s) => s.score).join(',')}}`}::real[])
          as x(id, score)`);
    }
    const values = {
      accountId: set.accountId,
      seeds: set.seeds,
      seedIds: set.seedIds,
      unmatched: set.unmatched,
      scored: set.scores.length,
      setBy: set.setBy,
      setAt: new Date(),
    };
    const [row] = await tx
      .insert(lookalikeSeedSets)
      .values({ sessionId: set.sessionId, ...values })
      .onConflictDoUpdate({ target: lookalikeSeedSets.sessionId, set: values })
      .returning({ setAt: lookalikeSeedSets.setAt });
    return row?.setAt ?? values.setAt;
  });
}

export async function deleteSessionScores(db: Database, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(lookalikeScores).where(sql`${lookalikeScores.sessionId} = ${sessionId}`);
    await tx.delete(lookalikeSeedSets).where(sql`${lookalikeSeedSets.sessionId} = ${sessionId}`);
  });
}

/** A business of a scope with its stored features, when they were built from its current version. */
export type FeatureRow = { id: string; name: string; data: string | null };

/** The scope's businesses, each with its stored features if they are current (one narrow row each). */
export async function readFeatureRows(db: DatabaseExecutor, scope: LookalikeScope): Promise<FeatureRow[]> {
  const result = await db.execute<FeatureRow>(sql`
    select b.id, b.name, f.data
    from businesses b
    join sessions s on s.id = b.session_id and s.run_id = b.run_id
    left join lookalike_features f on f.business_id = b.id and f.version = b.updated_at
    where ${scopeWhere(scope)}`);
  return result.rows;
}

/** Stores features built from the version of each business they were read at. */
export async function storeFeatures(
  db: DatabaseExecutor,
  rows: readonly { id: string; version: string; data: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  // One array as one parameter (drizzle would spread a plain array into a list).
  const list = (values: string[]) => sql.param(values);
  await db.execute(sql`
    insert into lookalike_features (business_id, version, data)
    select x.id, x.version::timestamptz, x.data
    from unnest(${list(rows.map((r) => r.id))}::uuid[], ${list(rows.map((r) => r.version))}::text[],
      ${list(rows.map((r) => r.data))}::text[]) as x(id, version, data)
    on conflict (business_id) do update set version = excluded.version, data = excluded.data`);
}

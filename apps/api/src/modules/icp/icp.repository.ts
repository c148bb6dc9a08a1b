/**
 * SQL of the ICP calls: the overview figures of a session's current run, the facts the segmenting and the
 * content generator read, and the saved profiles and generated content.
 */
import type { AttributeColumn } from '@argo/contract';
import { type BusinessFacts, employeeCountFromFile, type SenderFacts, type VentureFacts } from '@argo/engine';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import {
  businesses,
  type ContentClaim,
  enrichmentResults,
  generatedContent,
  type IcpProfileRow,
  icpProfiles,
  type NewIcpProfileRow,
  type ProducedBy,
  sessions,
  users,
  ventures,
} from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { derivedFromVisibleSessionRule } from '../access/access.repository';

export interface SessionScope {
  sessionId: string;
  runId: string | null;
}

const inScope = ({ sessionId, runId }: SessionScope): SQL =>
  runId
    ? sql`${businesses.sessionId} = ${sessionId} and ${businesses.runId} = ${runId}`
    : sql`${businesses.sessionId} = ${sessionId}`;

/**
 * A detection `tech` that the results list as software: named, of the business group (a legacy one
 * without a group counts). Infrastructure and inferences ("jQuery", "Open Graph", "MySQL") run on every other
 * site and say nothing about who a customer is: profiles, outreach and the overview leave them out.
 */
const isBusinessSoftware = sql`tech ->> 'name' is not null and coalesce(tech ->> 'group', 'business') = 'business'`;

/** Elements of a JSON array (nothing when missing or not an array). */
const elements = (value: SQL) =>
  sql`jsonb_array_elements(case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end)`;

export interface SessionFacts {
  id: string;
  name: string;
  runId: string | null;
  ventureId: string | null;
}

export async function findSessionFacts(
  db: DatabaseExecutor,
  sessionId: string,
): Promise<SessionFacts | null> {
  const [row] = await db
    .select({ id: sessions.id, name: sessions.name, runId: sessions.runId, ventureId: sessions.ventureId })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row ?? null;
}

export type { BusinessFacts, VentureFacts };

export async function findVentureFacts(
  db: DatabaseExecutor,
  ventureId: string,
): Promise<VentureFacts | null> {
  const [row] = await db
    .select({
      id: ventures.id,
      name: ventures.name,
      website: ventures.website,
      description: ventures.description,
      valueProposition: ventures.valueProposition,
      icp: ventures.icp,
    })
    .from(ventures)
    .where(eq(ventures.id, ventureId))
    .limit(1);
  if (!row) return null;
  const { icp, ...facts } = row;
  return { ...facts, softwareSignals: icp.software_signals ?? [] };
}

/** The sending user's own name and job title (their profile), null where they gave none. */
export async function findSenderFacts(
  db: DatabaseExecutor,
  accountId: string,
  userId: string,
): Promise<SenderFacts> {
  const [row] = await db
    .select({ name: users.name, title: users.title })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)))
    .limit(1);
  return { name: row?.name || null, title: row?.title || null };
}

// ---------------------------------------------------------------- overview

export interface OverviewFigures {
  total: number;
  byTier: { tier: string | null; count: number }[];
  /** Bucket b holds scores in [10b, 10b+10), the last one also 100. */
  scoreBuckets: { bucket: number; count: number }[];
  industries: { name: string; count: number }[];
  software: { name: string; count: number }[];
  /** Businesses hiring, and those whose careers pages say either way; `analysed`: those with a careers result. */
  hiring: { hiring: number; known: number; analysed?: number };
  places: { name: string; count: number }[];
  decisionMakers: { analysed: number; found: number; reachable: number };
}

const TOP = 10;

export async function readOverviewFigures(
  db: DatabaseExecutor,
  scope: SessionScope,
): Promise<OverviewFigures> {
  const where = inScope(scope);
  const [tiers, buckets, industries, software, hiring, places] = await Promise.all([
    db.execute<{ tier: string | null; count: number }>(sql`
      select ${businesses.icpTier} as tier, count(*)::int as count from ${businesses} where ${where} group by 1`),
    db.execute<{ bucket: number; count: number }>(sql`
      select least(floor(${businesses.icpScore} / 10.0), 9)::int as bucket, count(*)::int as count
      from ${businesses} where ${where} and ${businesses.icpScore} is not null group by 1 order by 1`),
    db.execute<{ name: string; count: number }>(sql`
      select ${businesses.industry} as name, count(*)::int as count from ${businesses}
      where ${where} and ${businesses.industry} is not null group by 1 order by 2 desc, 1 limit ${TOP}`),
    // The business software the table lists (listed_software, kept by a trigger), not infrastructure and
    // inferences: "jQuery", "Open Graph" and "MySQL" on every site say nothing about who the customers are.
    db.execute<{ name: string; count: number }>(sql`
      select tech ->> 'name' as name, count(distinct ${businesses.id})::int as count
      from ${businesses}
      cross join lateral ${elements(sql`${businesses.listedSoftware}`)} tech
      where ${where} and ${isBusinessSoftware}
      group by 1 order by 2 desc, 1 limit ${TOP}`),
    // Hiring and decision-makers in one pass; a reachable decision-maker leads as the primary contact (migration
    // 0009 puts one with an email or phone first). Careers count as analysed by their stored result, whichever run
    // stored it (a careers analysis or a unified enrichment): a site without a careers page leaves hiring unknown.
    db.execute<{
      hiring: number;
      known: number;
      careers_analysed: number;
      analysed: number;
      found: number;
      reachable: number;
    }>(sql`
      select (count(*) filter (where ${businesses.hiring}))::int as hiring, count(${businesses.hiring})::int as known,
        (count(*) filter (where exists (select 1 from ${enrichmentResults} careers
          where careers.business_id = ${businesses.id} and careers.type = 'career_analysis')))::int as careers_analysed,
        count(${businesses.decisionMaker})::int as analysed,
        (count(*) filter (where ${businesses.decisionMaker}))::int as found,
        (count(*) filter (where ${businesses.decisionMaker}
          and ${businesses.primaryContact} ->> 'seniority' in ('owner_founder', 'executive')
          and (${businesses.primaryContact} ->> 'email' is not null or ${businesses.primaryContact} ->> 'phone' is not null)))::int
          as reachable
      from ${businesses} where ${where}`),
    db.execute<{ name: string; count: number }>(sql`
      select coalesce(${businesses.city}, ${businesses.region}) as name, count(*)::int as count from ${businesses}
      where ${where} and coalesce(${businesses.city}, ${businesses.region}) is not null
      group by 1 order by 2 desc, 1 limit ${TOP}`),
  ]);
  return {
    total: tiers.rows.reduce((sum, r) => sum + r.count, 0),
    byTier: tiers.rows,
    scoreBuckets: buckets.rows,
    industries: industries.rows,
    software: software.rows,
    hiring: {
      hiring: hiring.rows[0]?.hiring ?? 0,
      known: hiring.rows[0]?.known ?? 0,
      analysed: hiring.rows[0]?.careers_analysed ?? 0,
    },
    decisionMakers: {
      analysed: hiring.rows[0]?.analysed ?? 0,
      found: hiring.rows[0]?.found ?? 0,
      reachable: hiring.rows[0]?.reachable ?? 0,
    },
    places: places.rows,
  };
}

// ---------------------------------------------------------------- facts for segments and content

const factsSelect = (where: SQL, limit: number) => sql`
  select b.id, b.name, b.website, b.category, b.city, b.region, b.country, b.industry, b.summary, b.rating,
    b.review_count, b.hiring, b.icp_score, b.icp_tier,
    coalesce((select array_agg(tech ->> 'name' order by n)
      from ${elements(sql`sw.data -> 'technologies'`)} with ordinality as x(tech, n)
      where ${isBusinessSoftware}), '{}') as software,
    coalesce((select array_agg(coalesce(tech -> 'evidence' -> 0 ->> 'url', sw.source_url) order by n)
      from ${elements(sql`sw.data -> 'technologies'`)} with ordinality as x(tech, n)
      where ${isBusinessSoftware}), '{}') as software_urls,
    coalesce((select jsonb_agg(coalesce((select jsonb_agg(coalesce(c ->> 'id', c #>> '{}')::int) from ${elements(sql`tech -> 'categories'`)} c
        where coalesce(c ->> 'id', c #>> '{}') ~ '^[0-9]+$'), '[]'::jsonb) order by n)
      from ${elements(sql`sw.data -> 'technologies'`)} with ordinality as x(tech, n)
      where ${isBusinessSoftware}), '[]'::jsonb) as software_categories,
    case when jsonb_typeof(sm.data -> 'employee_estimate') = 'number'
      then (sm.data ->> 'employee_estimate')::numeric end as employee_estimate,
    coalesce((select array_agg(r ->> 'title') from ${elements(sql`ca.data -> 'roles'`)} r
      where r ->> 'title' is not null), '{}') as roles,
    coalesce(ca.data ->> 'source_url', ca.data ->> 'careers_url', ca.source_url) as careers_url,
    coalesce(sm.data -> 'source_urls' ->> 0, sm.source_url) as summary_url,
    (select s ->> 'url' from ${elements(sql`b.sources`)} s where s ->> 'url' is not null limit 1) as source_url,
    b.domain, b.attributes as file_attributes,
    (select s.attribute_columns from sessions s where s.id = b.session_id) as file_columns,
    case when pp.business_id is not null then jsonb_build_object('people', coalesce(pp.data -> 'people', '[]'),
      'emails', coalesce(pp.data -> 'emails', '[]'), 'mx', coalesce(pp.data -> 'mx', '[]')) end as people
  from businesses b
  left join enrichment_results sw on sw.business_id = b.id and sw.type = 'software_detection'
  left join enrichment_results sm on sm.business_id = b.id and sm.type = 'ai_summary'
  left join enrichment_results ca on ca.business_id = b.id and ca.type = 'career_analysis'
  left join enrichment_results pp on pp.business_id = b.id and pp.type = 'people'
  where ${where}
  order by b.icp_score desc nulls last, b.name, b.id
  limit ${limit}`;

type FactsRow = Omit<BusinessFacts, 'employee_estimate'> & {
  employee_estimate: string | number | null;
  file_attributes: Record<string, string | number | boolean> | null;
  file_columns: AttributeColumn[] | null;
};
/**
 * A row as facts. The employee count is the site's; when it states none, an imported file's column headed as an
 * employee count stands in (as ICP scoring does, packages/engine file-facts.ts).
 */
const toFacts = ({ file_attributes, file_columns, ...row }: FactsRow): BusinessFacts => {
  const stated = row.employee_estimate === null ? null : Number(row.employee_estimate);
  const fromFile =
    stated === null
      ? employeeCountFromFile(
          (file_columns ?? []).flatMap((column) => {
            const value = file_attributes?.[column.key];
            return value === undefined ? [] : [{ label: column.label, value }];
          }),
        )
      : null;
  return { ...row, employee_estimate: stated ?? fromFile?.count ?? null };
};

/**
 * The facts of a session's businesses for segmenting, best scored first. Only analysed businesses (with an
 * industry, a score or software) when there are any, else all; at most `limit` (the segments describe the best).
 */
export async function readSegmentFacts(
  db: DatabaseExecutor,
  scope: SessionScope,
  limit: number,
): Promise<BusinessFacts[]> {
  const base = scope.runId
    ? sql`b.session_id = ${scope.sessionId} and b.run_id = ${scope.runId}`
    : sql`b.session_id = ${scope.sessionId}`;
  const analysed = await db.execute<FactsRow>(
    factsSelect(
      sql`${base} and (b.industry is not null or b.icp_score is not null or sw.business_id is not null)`,
      limit,
    ),
  );
  if (analysed.rows.length > 0) return analysed.rows.map(toFacts);
  return (await db.execute<FactsRow>(factsSelect(base, limit))).rows.map(toFacts);
}

/** One business's facts with its session (for access checks); null when there is no such business. */
export async function readBusinessFacts(
  db: DatabaseExecutor,
  businessId: string,
): Promise<{ facts: BusinessFacts; sessionId: string } | null> {
  const result = await db.execute<FactsRow & { session_id: string }>(sql`
    select f.*, b2.session_id from (${factsSelect(sql`b.id = ${businessId}`, 1)}) f
    join businesses b2 on b2.id = f.id`);
  const row = result.rows[0];
  if (!row) return null;
  const { session_id, ...facts } = row;
  return { facts: toFacts(facts), sessionId: session_id };
}

// ---------------------------------------------------------------- profiles

/** Saves the profiles derived from a session, replacing the ones derived from it before (one transaction). */
export async function replaceSessionProfiles(
  db: DatabaseExecutor,
  ventureId: string,
  sessionId: string,
  rows: NewIcpProfileRow[],
): Promise<IcpProfileRow[]> {
  return db.transaction(async (tx) => {
    await tx
      .delete(icpProfiles)
      .where(and(eq(icpProfiles.ventureId, ventureId), eq(icpProfiles.sessionId, sessionId)));
    return tx.insert(icpProfiles).values(rows).returning();
  });
}

/** The venture's profiles the actor may see (those derived from a session they may not see are left out). */
export async function listVentureProfiles(
  db: DatabaseExecutor,
  actor: ActorUser,
  ventureId: string,
): Promise<IcpProfileRow[]> {
  return db
    .select()
    .from(icpProfiles)
    .where(
      and(
        eq(icpProfiles.ventureId, ventureId),
        eq(icpProfiles.accountId, actor.accountId),
        derivedFromVisibleSessionRule(actor, icpProfiles.sessionId),
      ),
    )
    .orderBy(desc(icpProfiles.createdAt), icpProfiles.name);
}

/** A profile of the account; null when there is none (or it belongs to another account). */
export async function findProfile(
  db: DatabaseExecutor,
  accountId: string,
  profileId: string,
): Promise<IcpProfileRow | null> {
  const [row] = await db
    .select()
    .from(icpProfiles)
    .where(and(eq(icpProfiles.id, profileId), eq(icpProfiles.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

export async function updateProfile(
  db: DatabaseExecutor,
  profileId: string,
  values: Partial<Pick<IcpProfileRow, 'name' | 'criteria' | 'why'>>,
): Promise<IcpProfileRow | null> {
  const [row] = await db.update(icpProfiles).set(values).where(eq(icpProfiles.id, profileId)).returning();
  return row ?? null;
}

export async function deleteProfile(db: DatabaseExecutor, profileId: string): Promise<void> {
  await db.delete(icpProfiles).where(eq(icpProfiles.id, profileId));
}

// ---------------------------------------------------------------- generated content

export interface StoredContentItem {
  kind: string;
  subject: string | null;
  body: string;
  claims: ContentClaim[];
}

export async function storeGeneratedContent(
  db: DatabaseExecutor,
  target: { accountId: string; profileId: string | null; businessId: string | null },
  items: StoredContentItem[],
  generatedBy: ProducedBy,
): Promise<void> {
  if (items.length === 0) return;
  await db.insert(generatedContent).values(
    items.map((item) => ({
      accountId: target.accountId,
      profileId: target.profileId,
      businessId: target.businessId,
      kind: item.kind,
      subject: item.subject,
      body: item.body,
      claims: item.claims,
      generatedBy,
    })),
  );
}

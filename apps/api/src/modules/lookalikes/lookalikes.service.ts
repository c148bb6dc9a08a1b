/**
 * Lookalikes: the seeds resolved to businesses the caller may see, every business of the scope ranked against
 * them by the engine's similarity (packages/engine/src/similarity), and a page of the best with their reasons.
 */
import type {
  Lookalike,
  LookalikeProposal,
  LookalikeSeeds,
  LookalikesBody,
  LookalikesPage,
  SessionSeeds,
  SessionSeedsBody,
} from '@argo/contract';
import {
  LookalikesBody as LookalikesBodySchema,
  SessionSeedsBody as SessionSeedsBodySchema,
} from '@argo/contract';
import {
  type BusinessFeatures,
  decodeFeatures,
  encodeFeatures,
  explainLookalike,
  featuresOf,
  matchCustomers,
  rankLookalikes,
  type SimilarityBusiness,
  scoreCandidate,
} from '@argo/engine';
import type { Database } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { requireSessionAccess } from '../access/access.service';
import {
  deleteSessionScores,
  findSessionType,
  type LookalikeRow,
  type LookalikeScope,
  readFeatureRows,
  readLookalikeRows,
  readMatchable,
  replaceSessionScores,
  storeFeatures,
} from './lookalikes.repository';

const TOP_PROPOSAL = 3;
/** Businesses whose features are built and stored per round trip. */
const BUILD_CHUNK = 5000;

const toSimilarity = (row: LookalikeRow): SimilarityBusiness => ({
  id: row.id,
  name: row.name,
  category: row.category,
  categories: row.categories,
  industry: row.industry,
  software: (row.software ?? []).map((s) => ({ name: s.name, categories: s.category ? [s.category] : [] })),
  employees: row.employees === null ? null : Number(row.employees),
  text: [row.summary, ...(row.services ?? []).filter((s): s is string => typeof s === 'string')]
    .filter(Boolean)
    .join('. '),
  language: row.language,
  lat: row.lat,
  lng: row.lng,
});

/**
 * The features of every business of a scope: as stored when current, else built from the facts and stored, so
 * the next ranking of the same businesses reads them back instead.
 */
async function featuresFor(db: Database, scope: LookalikeScope): Promise<BusinessFeatures[]> {
  const rows = await readFeatureRows(db, scope);
  const features: BusinessFeatures[] = [];
  const missing: string[] = [];
  for (const row of rows) {
    const stored = row.data === null ? null : decodeFeatures(row.id, row.name, row.data);
    if (stored) features.push(stored);
    else missing.push(row.id);
  }
  for (let i = 0; i < missing.length; i += BUILD_CHUNK) {
    const facts = await readLookalikeRows(db, { kind: 'known', ids: missing.slice(i, i + BUILD_CHUNK) });
    const built = facts.map((row) => featuresOf(toSimilarity(row)));
    features.push(...built);
    await storeFeatures(
      db,
      facts.map((row, j) => ({
        id: row.id,
        version: row.version,
        data: encodeFeatures(built[j] as BusinessFeatures),
      })),
    );
  }
  return features;
}

interface ResolvedSeeds {
  rows: LookalikeRow[];
  unmatched: string[];
}

/**
 * The seed businesses of a request, each one the caller may view; 400 saying what to fix when there are none,
 * 404 for a session they may not see.
 */
async function resolveSeeds(
  db: Database,
  actor: ActorUser,
  seeds: LookalikeSeeds,
  scopeSessionId: string | undefined,
): Promise<ResolvedSeeds> {
  if (seeds.business_ids) {
    const ids = [...new Set(seeds.business_ids)];
    const rows = await readLookalikeRows(db, { kind: 'ids', actor, ids });
    if (rows.length < ids.length) {
      throw badRequest(
        `seeds.business_ids: ${ids.length - rows.length} of these are no businesses of a session you can see (or belong to an earlier run).`,
        'seeds.business_ids',
      );
    }
    return { rows, unmatched: [] };
  }
  if (seeds.tier) {
    const sessionId = seeds.session_id ?? scopeSessionId;
    if (!sessionId)
      throw badRequest('seeds.session_id: give the session whose tier is meant.', 'seeds.session_id');
    await requireSessionAccess(db, actor, sessionId, 'view');
    const rows = await readLookalikeRows(db, { kind: 'tier', sessionId, tier: seeds.tier });
    if (rows.length === 0) {
      throw badRequest(
        `seeds.tier: no business of this session is in tier ${seeds.tier}; score it against a venture's ICP first, or pick another tier.`,
        'seeds.tier',
      );
    }
    return { rows, unmatched: [] };
  }
  if (seeds.competitor_session_id) {
    await requireSessionAccess(db, actor, seeds.competitor_session_id, 'view');
    const type = await findSessionType(db, actor.accountId, seeds.competitor_session_id);
    if (type !== 'competitors') {
      throw badRequest(
        "seeds.competitor_session_id: this session is no competitors' customers session; give one started from competitor websites.",
        'seeds.competitor_session_id',
      );
    }
    const rows = await readLookalikeRows(db, { kind: 'session', sessionId: seeds.competitor_session_id });
    if (rows.length === 0) {
      throw badRequest(
        "seeds.competitor_session_id: this session found no competitors' customers yet.",
        'seeds.competitor_session_id',
      );
    }
    return { rows, unmatched: [] };
  }
  const entries = (seeds.customers ?? []).filter((entry) => entry !== '');
  const matched = matchCustomers(entries, await readMatchable(db, actor));
  if (matched.ids.length === 0) {
    throw badRequest(
      'seeds.customers: none of these matched a business Argo has found for you; give their websites (e.g. example.com) or their names as your sessions list them.',
      'seeds.customers',
    );
  }
  const rows = await readLookalikeRows(db, { kind: 'ids', actor, ids: matched.ids });
  return { rows, unmatched: matched.unmatched };
}

/** "Find more like these": the seeds' most common categories and places, the first of each as a discovery. */
function proposalOf(seeds: readonly LookalikeRow[]): LookalikeProposal {
  const top = (values: (string | null)[]) => {
    const counts = new Map<string, { name: string; count: number }>();
    for (const value of values) {
      const name = value?.trim();
      if (!name) continue;
      const key = name.toLowerCase();
      const entry = counts.get(key) ?? { name, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
    return [...counts.values()]
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      .slice(0, TOP_PROPOSAL);
  };
  const categories = top(seeds.map((s) => s.category));
  const places = top(seeds.map((s) => s.city ?? s.region));
  return { query: categories[0]?.name ?? null, location: places[0]?.name ?? null, categories, places };
}

function scopeOf(actor: ActorUser, sessionId: string | undefined): LookalikeScope {
  return sessionId ? { kind: 'session', sessionId } : { kind: 'visible', actor };
}

/** POST /user/lookalikes: a page of the scope's businesses like the seeds, best first. */
export async function rankLookalikesFor(
  db: Database,
  actor: ActorUser,
  input: LookalikesBody,
): Promise<LookalikesPage> {
  const body = LookalikesBodySchema.parse(input);
  if (body.session_id) await requireSessionAccess(db, actor, body.session_id, 'view');
  const seeds = await resolveSeeds(db, actor, body.seeds, body.session_id);
  const candidates = await featuresFor(db, scopeOf(actor, body.session_id));
  const start = body.page * body.page_size;
  const { profile, ranked } = rankLookalikes(seeds.rows.map(toSimilarity), candidates, {
    distance: body.distance,
    explain: 0,
  });
  // Best first, so those at or above min_score are a prefix of the ranking: the page is read and explained alone.
  const kept = ranked.filter((r) => r.score >= body.min_score);
  const page = kept.slice(start, start + body.page_size);
  const facts = new Map(
    (await readLookalikeRows(db, { kind: 'known', ids: page.map((r) => r.id) })).map((row) => [row.id, row]),
  );
  const items: Lookalike[] = page.flatMap((r) => {
    const row = facts.get(r.id);
    if (!row) return [];
    const features = featuresOf(toSimilarity(row));
    const explanation = explainLookalike(profile, features);
    const round = (v: number) => Math.round(v * 1000) / 1000;
    const contributions = Object.fromEntries(
      Object.entries(scoreCandidate(profile, features).contributions).map(([k, v]) => [k, round(v)]),
    );
    return [
      {
        business: {
          id: row.id,
          session_id: row.session_id,
          name: row.name,
          website: row.website,
          city: row.city,
          category: row.category,
          industry: row.industry,
          icp_tier: row.icp_tier,
        },
        score: r.score,
        contributions,
        reasons: explanation.reasons,
        differences: explanation.differences,
        explanation: explanation.text,
        distance_km: explanation.distance_km,
      },
    ];
  });
  return {
    items,
    total: kept.length,
    page: body.page,
    page_size: body.page_size,
    seeds: { count: seeds.rows.length, unmatched: seeds.unmatched },
    proposal: proposalOf(seeds.rows),
  };
}

/** PUT /user/session/:id/lookalike-seeds: every business of the session scored against the seeds and stored. */
export async function setSessionSeeds(
  db: Database,
  actor: ActorUser,
  sessionId: string,
  input: SessionSeedsBody,
): Promise<SessionSeeds> {
  const body = SessionSeedsBodySchema.parse(input);
  await requireSessionAccess(db, actor, sessionId, 'edit');
  const seeds = await resolveSeeds(db, actor, body.seeds, sessionId);
  const candidates = await featuresFor(db, { kind: 'session', sessionId });
  const { ranked } = rankLookalikes(seeds.rows.map(toSimilarity), candidates, {
    distance: body.distance,
    explain: 0,
    includeSeeds: true,
  });
  const setAt = await replaceSessionScores(db, {
    sessionId,
    accountId: actor.accountId,
    seeds: body.seeds as Record<string, unknown>,
    seedIds: seeds.rows.map((s) => s.id),
    unmatched: seeds.unmatched,
    setBy: actor.id,
    scores: ranked.map((r) => ({ id: r.id, score: r.score })),
  });
  return {
    session_id: sessionId,
    seed_count: seeds.rows.length,
    scored: ranked.length,
    unmatched: seeds.unmatched,
    set_by: actor.id,
    set_at: setAt.toISOString(),
  };
}

/** DELETE /user/session/:id/lookalike-seeds. Forgetting seeds that were never set is no error. */
export async function clearSessionSeeds(db: Database, actor: ActorUser, sessionId: string): Promise<void> {
  await requireSessionAccess(db, actor, sessionId, 'edit');
  await deleteSessionScores(db, sessionId);
}

/**
 * The ICP calls (PRODUCT.md §7): the overview of a session, profiles derived from its results and saved to its
 * venture, and outreach content for a profile or a business. A configured language model writes the texts
 * (narrative, profile names and reasons, outreach); without one, or when its answer fails validation, the
 * built-in writer does, and `generated_by` says which.
 */
import type {
  CreateProfilesBody,
  GenerateContentBody,
  GeneratedBy,
  GeneratedContent,
  IcpOverview,
  IcpProfile,
  UpdateProfileBody,
} from '@argo/contract';
import type { LanguageModel } from '@argo/engine';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { AppError, badRequest, notFound } from '../../http/errors';
import { requireSessionAccess, requireVentureAccess } from '../access/access.service';
import { findSuppressionValues } from '../privacy/suppressions.repository';
import {
  builtinContent,
  businessSubject,
  type ContentSubject,
  modelContent,
  profileSubject,
} from './icp.content';
import { toIcpProfile } from './icp.mapper';
import { readableBusinessFacts, readableVentureFacts } from './icp.readable';
import { recipientOf, refuseSuppressedBusiness } from './icp.recipient';
import {
  deleteProfile,
  findProfile,
  findSessionFacts,
  findVentureFacts,
  listVentureProfiles,
  type OverviewFigures,
  readBusinessFacts,
  readOverviewFigures,
  readSegmentFacts,
  replaceSessionProfiles,
  storeGeneratedContent,
  updateProfile,
} from './icp.repository';
import { buildSegments, describeSegment, type Segment } from './icp.segments';

export interface IcpDeps {
  db: Database;
  languageModel: LanguageModel | null;
  /** Told when a model answer was rejected and the built-in text used instead. */
  onModelFallback?: (what: string, error: unknown) => void;
}

/** At most this many businesses (best scored first) are segmented; profiles describe the best of a session. */
const SEGMENT_SAMPLE = 20_000;

async function readableSession(db: Database, actor: ActorUser, sessionId: string, needed: 'view' | 'edit') {
  await requireSessionAccess(db, actor, sessionId, needed);
  const session = await findSessionFacts(db, sessionId);
  if (!session) throw notFound('Session');
  return session;
}

/** Runs the model when there is one; its failure (after the client's own retries) means the built-in text. */
async function withModel<T>(
  deps: IcpDeps,
  what: string,
  run: (model: LanguageModel) => Promise<T>,
): Promise<{ value: T; by: 'model' } | null> {
  if (!deps.languageModel) return null;
  try {
    return { value: await run(deps.languageModel), by: 'model' };
  } catch (error) {
    deps.onModelFallback?.(what, error);
    return null;
  }
}

// ---------------------------------------------------------------- overview

const HISTOGRAM_BUCKETS = 10;

export function builtinNarrative(f: OverviewFigures): string {
  if (f.total === 0)
    return 'This session has no businesses yet. Run a discovery or import a CSV, then enrich the results.';
  const scored = f.byTier.filter((t) => t.tier !== null).reduce((s, t) => s + t.count, 0);
  const sentences = [
    `The session holds ${f.total} ${f.total === 1 ? 'business' : 'businesses'}, ${scored} scored against the ICP.`,
  ];
  if (scored > 0) {
    const tier = (name: string) => f.byTier.find((t) => t.tier === name)?.count ?? 0;
    sentences.push(
      `${tier('A')} are tier A and ${tier('B')} tier B; ${tier('C') + tier('D')} fit less well.`,
    );
  } else {
    sentences.push('None is scored yet: run the ICP analysis enrichment to rank them.');
  }
  const industry = leader(f.industries);
  if (industry) sentences.push(`The most common industry is ${industry.name} (${industry.count}).`);
  const software = leader(f.software);
  if (software) sentences.push(`The most used software is ${software.name} (${software.count}).`);
  if (f.hiring.known > 0) {
    sentences.push(
      f.hiring.known === 1
        ? `The one business with a careers check ${f.hiring.hiring ? 'is' : 'is not'} hiring.`
        : `${Math.round((100 * f.hiring.hiring) / f.hiring.known)}% of the ${f.hiring.known} businesses with a careers check are hiring.`,
    );
  }
  const people = f.decisionMakers;
  if (people.analysed > 0) {
    const of =
      people.analysed === 1
        ? 'the one business whose people were analysed'
        : `the ${people.analysed} businesses whose people were analysed`;
    sentences.push(
      `${people.found} of ${of} ${people.found === 1 ? 'names' : 'name'} a decision-maker on their site, ${people.reachable} with an email or phone.`,
    );
  }
  const place = leader(f.places);
  if (place) {
    sentences.push(
      place.count * 2 > f.total
        ? `Most are in ${place.name} (${place.count} of ${f.total}).`
        : `The most common place is ${place.name} (${place.count} of ${f.total}).`,
    );
  }
  return sentences.join(' ');
}

/**
 * The first of a list counted most first, when it is ahead of the next: "the most common" of a tie, or of
 * one business each, would name one of them at random.
 */
function leader<T extends { count: number }>(counted: readonly T[]): T | null {
  const [first, second] = counted;
  if (!first || (second && second.count >= first.count)) return null;
  return first;
}

export async function getOverview(deps: IcpDeps, actor: ActorUser, sessionId: string): Promise<IcpOverview> {
  const session = await readableSession(deps.db, actor, sessionId, 'view');
  const figures = await readOverviewFigures(deps.db, { sessionId, runId: session.runId });
  const byTier: IcpOverview['by_tier'] = { A: 0, B: 0, C: 0, D: 0, unscored: 0 };
  for (const { tier, count } of figures.byTier) {
    const key = tier === 'A' || tier === 'B' || tier === 'C' || tier === 'D' ? tier : 'unscored';
    byTier[key] += count;
  }
  const histogram = Array.from({ length: HISTOGRAM_BUCKETS }, (_, i) => ({
    from: i * 10,
    to: i * 10 + 10,
    count: figures.scoreBuckets.find((b) => b.bucket === i)?.count ?? 0,
  }));
  const modelText =
    figures.total > 0
      ? await withModel(deps, 'overview narrative', (model) =>
          model
            .complete({
              system:
                'You are a sales analyst. Write a short narrative (2–4 sentences, plain English) about a list of ' +
                'prospect businesses, using ONLY the figures given. Do not invent numbers.',
              user: JSON.stringify({ by_tier: byTier, figures }),
              schema: z.object({ narrative: z.string().min(1).max(1500) }),
              schemaName: 'icp_overview_narrative',
              maxTokens: 400,
            })
            .then((a) => a.narrative),
        )
      : null;
  const generatedBy: GeneratedBy = modelText ? 'model' : 'builtin';
  return {
    by_tier: byTier,
    score_histogram: histogram,
    top_industries: figures.industries,
    top_software: figures.software,
    // No careers page analysed: unknown, not 0% (the card says so instead of showing an empty ring).
    hiring_share: figures.hiring.known > 0 ? figures.hiring.hiring / figures.hiring.known : null,
    places: figures.places,
    decision_makers: figures.decisionMakers,
    narrative: modelText?.value ?? builtinNarrative(figures),
    generated_by: generatedBy,
  };
}

// ---------------------------------------------------------------- profiles

const ModelProfiles = z.object({
  profiles: z.array(
    z.object({ index: z.int(), name: z.string().min(1).max(120), why: z.string().min(1).max(1000) }),
  ),
});

/** The model names the segments and says why they fit, from their figures only; every segment must be covered. */
async function modelProfileTexts(model: LanguageModel, segments: Segment[]) {
  const answer = await model.complete({
    system:
      'You are a B2B go-to-market analyst. For each customer segment, give a short name (max 8 words) and a ' +
      '"why" of 1–3 sentences explaining why it is a good ideal-customer profile, using ONLY the figures given.',
    user: JSON.stringify(
      segments.map((s, index) => ({ index, working_name: s.name, criteria: s.criteria, figures: s.stats })),
    ),
    schema: ModelProfiles,
    schemaName: 'icp_profiles',
    maxTokens: 1200,
  });
  return segments.map((_, index) => {
    const text = answer.profiles.find((p) => p.index === index);
    if (!text) throw new Error(`the model left out segment ${index}`);
    return text;
  });
}

export async function createProfiles(
  deps: IcpDeps,
  actor: ActorUser,
  body: CreateProfilesBody,
): Promise<IcpProfile[]> {
  const session = await readableSession(deps.db, actor, body.session_id, 'edit');
  if (!session.ventureId) {
    throw badRequest(
      'session_id: this session has no venture to save profiles to. Choose a venture for it first.',
      'session_id',
    );
  }
  const facts = await readSegmentFacts(
    deps.db,
    { sessionId: session.id, runId: session.runId },
    SEGMENT_SAMPLE,
  );
  if (facts.length < 2) {
    throw badRequest(
      `session_id: profiles need at least 2 businesses; this session has ${facts.length}. Discover or import more first.`,
      'session_id',
    );
  }
  const segments = buildSegments(facts, body.count);
  if (segments.length < 2) {
    throw badRequest(
      'session_id: these businesses cannot be told apart (same industry, tier, city and software), so they form one segment. Enrich them, or discover more varied businesses.',
      'session_id',
    );
  }
  const texts = await withModel(deps, 'ICP profiles', (model) => modelProfileTexts(model, segments));
  const generatedBy: GeneratedBy = texts ? 'model' : 'builtin';
  const rows = await replaceSessionProfiles(
    deps.db,
    session.ventureId,
    session.id,
    segments.map((segment, i) => ({
      accountId: actor.accountId,
      ventureId: session.ventureId as string,
      sessionId: session.id,
      name: texts?.value[i]?.name ?? segment.name,
      criteria: segment.criteria,
      size: segment.size,
      examples: segment.examples.map((b) => ({ business_id: b.id, name: b.name })),
      why: texts?.value[i]?.why ?? describeSegment(segment.name, segment.stats),
      generatedBy,
    })),
  );
  // The insert keeps the segments' order (best first); return it so.
  const order = new Map(rows.map((r, i) => [r.id, i]));
  return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)).map(toIcpProfile);
}

export async function listProfiles(db: Database, actor: ActorUser, ventureId: string): Promise<IcpProfile[]> {
  await requireVentureAccess(db, actor, ventureId, 'view', 'venture_id');
  return (await listVentureProfiles(db, ventureId)).map(toIcpProfile);
}

/** A profile the actor may use (its venture visible to them); 404 otherwise. */
async function usableProfile(db: Database, actor: ActorUser, profileId: string, needed: 'view' | 'edit') {
  const profile = await findProfile(db, actor.accountId, profileId);
  if (!profile) throw notFound('ICP profile');
  try {
    await requireVentureAccess(db, actor, profile.ventureId, needed);
  } catch {
    throw notFound('ICP profile');
  }
  return profile;
}

export async function changeProfile(
  db: Database,
  actor: ActorUser,
  profileId: string,
  body: UpdateProfileBody,
): Promise<IcpProfile> {
  await usableProfile(db, actor, profileId, 'edit');
  const updated = await updateProfile(db, profileId, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.criteria !== undefined ? { criteria: body.criteria } : {}),
    ...(body.why !== undefined ? { why: body.why } : {}),
  });
  if (!updated) throw notFound('ICP profile');
  return toIcpProfile(updated);
}

export async function removeProfile(db: Database, actor: ActorUser, profileId: string): Promise<void> {
  await usableProfile(db, actor, profileId, 'edit');
  await deleteProfile(db, profileId);
}

// ---------------------------------------------------------------- content

export async function generateContent(
  deps: IcpDeps,
  actor: ActorUser,
  body: GenerateContentBody,
): Promise<GeneratedContent> {
  let subject: ContentSubject;
  let target: { profileId: string | null; businessId: string | null };
  if (body.profile_id) {
    const row = await usableProfile(deps.db, actor, body.profile_id, 'view');
    const profile = toIcpProfile(row);
    // Examples from sessions the caller cannot read are left out (issue 16, item 9); the venture is visible (above).
    const examples = await readableBusinessFacts(
      deps.db,
      actor,
      profile.examples.map((e) => e.business_id),
    );
    subject = profileSubject(profile, examples, await findVentureFacts(deps.db, row.ventureId));
    target = { profileId: row.id, businessId: null };
  } else {
    const businessId = body.business_id as string;
    const found = await readBusinessFacts(deps.db, businessId);
    if (!found) throw businessNotFound();
    try {
      await requireSessionAccess(deps.db, actor, found.sessionId, 'view');
    } catch {
      throw businessNotFound();
    }
    const session = await findSessionFacts(deps.db, found.sessionId);
    // A view share of the session does not show its venture: no venture facts unless the caller may see it.
    const venture = await readableVentureFacts(deps.db, actor, session?.ventureId ?? null);
    const suppressed = await findSuppressionValues(deps.db, actor.accountId);
    refuseSuppressedBusiness(found.facts, suppressed);
    subject = businessSubject(
      found.facts,
      venture,
      recipientOf(found.facts.people, suppressed, found.facts.name),
    );
    target = { profileId: null, businessId };
  }
  const written = await withModel(deps, 'outreach content', (model) =>
    modelContent(model, subject, body.kinds),
  );
  const items = written?.value ?? builtinContent(subject, body.kinds);
  const generatedBy: GeneratedBy = written ? 'model' : 'builtin';
  await storeGeneratedContent(
    deps.db,
    { accountId: actor.accountId, ...target },
    items.map((item) => ({
      kind: item.kind,
      subject: item.subject,
      body: item.body,
      claims: item.claims.map((c) => ({
        text: c.text,
        field: c.field,
        ...(c.business_id ? { business_id: c.business_id } : {}),
        source_url: c.source_url,
      })),
    })),
    generatedBy,
  );
  return { items, generated_by: generatedBy };
}

/** 404 for a business id the actor cannot see, naming the field (as access.service does for venture_id). */
const businessNotFound = () =>
  new AppError('not_found', 'business_id: no business with this id in your sessions.', 'business_id');

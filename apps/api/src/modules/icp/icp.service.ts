/**
 * The ICP calls besides the overview (icp.overview.service.ts): profiles derived from a session's
 * results and saved to its venture, and outreach content for a profile or a business. A configured language model writes the texts
 * (narrative, profile names and reasons, outreach); without one, or when its answer fails validation, the
 * built-in writer does, and `generated_by` says which.
 */
import type {
  CreateProfilesBody,
  GenerateContentBody,
  GeneratedBy,
  GeneratedContent,
  IcpProfile,
  UpdateProfileBody,
} from '@argo/contract';
import { suppressionRule } from '@argo/contract';
import {
  buildSegments,
  builtinContent,
  businessSubject,
  type ContentSubject,
  describeSegment,
  type LanguageModel,
  modelContent,
  profileSubject,
  recipientOf,
  type Segment,
} from '@argo/engine';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { AppError, badRequest, notFound } from '../../http/errors';
import {
  maySeeSessionDerivedRow,
  requireSessionAccess,
  requireVentureAccess,
} from '../access/access.service';
import { redactDeep } from '../privacy/suppressed-addresses';
import { findSuppressionValues } from '../privacy/suppressions.repository';
import { type IcpDeps, readableSession, withModel } from './icp.deps';
import { toIcpProfile } from './icp.mapper';
import { readableBusinessFacts, readableVentureFacts } from './icp.readable';
import { refuseSuppressedBusiness } from './icp.recipient';
import {
  deleteProfile,
  findProfile,
  findSenderFacts,
  findSessionFacts,
  findVentureFacts,
  listVentureProfiles,
  readBusinessFacts,
  readSegmentFacts,
  replaceSessionProfiles,
  storeGeneratedContent,
  updateProfile,
} from './icp.repository';

/** At most this many businesses (best scored first) are segmented; profiles describe the best of a session. */
const SEGMENT_SAMPLE = 20_000;

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
  await requireProfilesVenture(deps.db, actor, session.ventureId);
  const facts = await readSegmentFacts(
    deps.db,
    { sessionId: session.id, runId: session.runId },
    SEGMENT_SAMPLE,
  );
  // 2–5 segments of at least 3 businesses each, or the reason in words why these cannot be segmented.
  const { segments, reason } = buildSegments(facts, body.count);
  if (reason !== null) throw badRequest(`session_id: ${reason}`, 'session_id');
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

/**
 * Profiles are saved to (and replace those of) the session's venture: an edit share of the session is not enough
 * without the venture, as changing a saved profile needs it too. 404 as for any venture the actor may not see,
 * naming the field they sent and what to do.
 */
async function requireProfilesVenture(db: Database, actor: ActorUser, ventureId: string): Promise<void> {
  try {
    await requireVentureAccess(db, actor, ventureId, 'edit');
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'not_found')) throw error;
    throw new AppError(
      'not_found',
      "session_id: this session's venture, where its profiles are saved, is not one of your ventures. Ask an admin of your account to assign you to it.",
      'session_id',
    );
  }
}

/** The venture's profiles, without those derived from a session the actor may not see (as lists leave rows out). */
export async function listProfiles(db: Database, actor: ActorUser, ventureId: string): Promise<IcpProfile[]> {
  await requireVentureAccess(db, actor, ventureId, 'view', 'venture_id');
  return (await listVentureProfiles(db, actor, ventureId)).map(toIcpProfile);
}

/** A profile the actor may use (its venture, and the session it was derived from, visible to them); 404 otherwise. */
async function usableProfile(db: Database, actor: ActorUser, profileId: string, needed: 'view' | 'edit') {
  const profile = await findProfile(db, actor.accountId, profileId);
  if (!profile || !(await maySeeSessionDerivedRow(db, actor, profile, needed))) throw notFound('ICP profile');
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
  // No address the account's suppression list covers reaches the writer or the text (suppressed-addresses.ts).
  const suppressed = await findSuppressionValues(deps.db, actor.accountId, actor);
  const rule = suppressionRule(suppressed);
  let redact = rule.redact;
  // Signed by the person asking for it: their own name and title.
  const sender = await findSenderFacts(deps.db, actor.accountId, actor.id);
  if (body.profile_id) {
    const row = await usableProfile(deps.db, actor, body.profile_id, 'view');
    const profile = toIcpProfile(row);
    // Examples only from sessions the caller can read; the venture and the profile's session are visible (above).
    const examples = await readableBusinessFacts(
      deps.db,
      actor,
      profile.examples.map((e) => e.business_id),
    );
    subject = profileSubject(profile, examples, await findVentureFacts(deps.db, row.ventureId), sender);
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
    refuseSuppressedBusiness(found.facts, suppressed);
    redact = rule.forBusiness(found.facts.domain).redact;
    subject = businessSubject(
      found.facts,
      venture,
      recipientOf(found.facts.people, suppressed, found.facts.name),
      sender,
    );
    target = { profileId: null, businessId };
  }
  withoutSuppressed(subject, redact);
  const written = await withModel(deps, 'outreach content', (model) =>
    modelContent(model, subject, body.kinds),
  );
  const items = redactDeep(written?.value ?? builtinContent(subject, body.kinds), redact);
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

/**
 * The subject's texts with each suppressed address replaced, in place: the recipient's fact stays the very fact of
 * the list (the built-in writer tells it apart by identity).
 */
function withoutSuppressed(subject: ContentSubject, redact: (text: string) => string): void {
  subject.audience = redact(subject.audience);
  subject.greeting = redact(subject.greeting);
  if (subject.sender.pitch) subject.sender.pitch = redact(subject.sender.pitch);
  if (subject.sender.person) subject.sender.person.name = redact(subject.sender.person.name);
  for (const fact of subject.facts) fact.sentence = redact(fact.sentence);
  for (const line of subject.lines) line.text = redact(line.text);
}

/** 404 for a business id the actor cannot see, naming the field (as access.service does for venture_id). */
const businessNotFound = () =>
  new AppError('not_found', 'business_id: no business with this id in your sessions.', 'business_id');

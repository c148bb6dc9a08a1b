/** SQL of signal events: the page of events the actor may see (their sessions), and the "seen" mark per user. */
import type { SignalEventsQuery } from '@argo/contract';
import { and, count, desc, eq, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import {
  businesses,
  type SignalDigest,
  type SignalEventRow,
  sessions,
  signalEvents,
  signalReads,
} from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { sessionListRule } from '../access/access.repository';

export interface EventWithBusiness extends SignalEventRow {
  businessName: string;
  businessWebsite: string | null;
  businessTier: string | null;
}

function eventsWhere(actor: ActorUser, query: SignalEventsQuery, seenAt: Date | null): SQL {
  return and(
    eq(signalEvents.accountId, actor.accountId),
    sessionListRule(actor).visible,
    query.session_id ? eq(signalEvents.sessionId, query.session_id) : undefined,
    query.venture_id ? eq(sessions.ventureId, query.venture_id) : undefined,
    query.business_id ? eq(signalEvents.businessId, query.business_id) : undefined,
    query.types?.length ? inArray(signalEvents.type, query.types) : undefined,
    query.tier ? eq(businesses.icpTier, query.tier) : undefined,
    query.since ? gte(signalEvents.occurredAt, new Date(query.since)) : undefined,
    query.until ? lte(signalEvents.occurredAt, new Date(query.until)) : undefined,
    query.only_new && seenAt ? gt(signalEvents.occurredAt, seenAt) : undefined,
  ) as SQL;
}

export async function findEventsPage(
  db: DatabaseExecutor,
  actor: ActorUser,
  query: SignalEventsQuery,
  seenAt: Date | null,
): Promise<{ rows: EventWithBusiness[]; total: number; newCount: number }> {
  const where = eventsWhere(actor, query, seenAt);
  const rows = await db
    .select({
      event: signalEvents,
      businessName: businesses.name,
      businessWebsite: businesses.website,
      businessTier: businesses.icpTier,
    })
    .from(signalEvents)
    .innerJoin(businesses, eq(businesses.id, signalEvents.businessId))
    .innerJoin(sessions, eq(sessions.id, signalEvents.sessionId))
    .where(where)
    .orderBy(desc(signalEvents.occurredAt), desc(signalEvents.id))
    .limit(query.page_size)
    .offset(query.page * query.page_size);
  const [counts] = await db
    .select({
      total: count(),
      newCount: seenAt
        ? sql<number>`count(*) filter (where ${signalEvents.occurredAt} > ${seenAt})::int`
        : sql<number>`count(*)::int`,
    })
    .from(signalEvents)
    .innerJoin(businesses, eq(businesses.id, signalEvents.businessId))
    .innerJoin(sessions, eq(sessions.id, signalEvents.sessionId))
    .where(where);
  return {
    rows: rows.map((r) => ({
      ...r.event,
      businessName: r.businessName,
      businessWebsite: r.businessWebsite,
      businessTier: r.businessTier,
    })),
    total: counts?.total ?? 0,
    newCount: counts?.newCount ?? 0,
  };
}

export async function findSeenAt(db: DatabaseExecutor, userId: string): Promise<Date | null> {
  return (await findSignalsSettings(db, userId)).seenAt;
}

export async function findSignalsSettings(
  db: DatabaseExecutor,
  userId: string,
): Promise<{ seenAt: Date | null; digest: SignalDigest }> {
  const [row] = await db
    .select({ seenAt: signalReads.seenAt, digest: signalReads.digest })
    .from(signalReads)
    .where(eq(signalReads.userId, userId))
    .limit(1);
  return { seenAt: row?.seenAt ?? null, digest: row?.digest ?? 'off' };
}

/** A digest chosen now is first due a period from now: it never mails what happened before it was asked for. */
export async function setDigest(db: DatabaseExecutor, userId: string, digest: SignalDigest, at: Date) {
  await db
    .insert(signalReads)
    .values({ userId, digest, digestSentAt: at })
    .onConflictDoUpdate({ target: signalReads.userId, set: { digest, digestSentAt: at } });
}

export async function markSeen(db: DatabaseExecutor, userId: string, at: Date): Promise<void> {
  await db
    .insert(signalReads)
    .values({ userId, seenAt: at })
    .onConflictDoUpdate({ target: signalReads.userId, set: { seenAt: at } });
}

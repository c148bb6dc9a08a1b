/**
 * The signals digest (`signals.digest`, hourly on pg-boss's cron): for each active user whose daily or weekly
 * digest is due, the changes recorded since their last one at the businesses of the sessions they can see,
 * mailed only when there is something; either way the next one is due a period later.
 */
import { describeSignalEvent } from '@argo/contract';
import { and, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type SignalDigest, signalReads, users } from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import type { JobContext } from '../../jobs/define-job';
import { signalsDigestEmail } from '../email/templates';
import { findEventsPage } from './events.repository';

const PERIOD_MS: Record<Exclude<SignalDigest, 'off'>, number> = { daily: 86_400_000, weekly: 7 * 86_400_000 };
/** Changes listed in one email (the rest are counted, and on /signals). */
const LISTED = 20;

export async function runSignalsDigest(ctx: JobContext & { clock?: () => Date }): Promise<number> {
  if (!ctx.signals)
    throw new Error('The signals digest needs ctx.signals (main.ts builds it from the config).');
  const now = ctx.clock?.() ?? new Date();
  const due = await findDueDigests(ctx.db, now);
  let sent = 0;
  for (const user of due) {
    const period = user.digest as Exclude<SignalDigest, 'off'>;
    const since = user.digestSentAt ?? new Date(now.getTime() - PERIOD_MS[period]);
    const actor = { id: user.id, accountId: user.accountId, role: user.role } as ActorUser;
    const page = await findEventsPage(
      ctx.db,
      actor,
      { since: since.toISOString(), until: now.toISOString(), page: 0, page_size: LISTED },
      null,
    );
    if (page.total > 0) {
      const lines = page.rows.map((e) => `${e.businessName}: ${describeSignalEvent(e)}`);
      const email = signalsDigestEmail({
        publicUrl: ctx.signals.publicUrl,
        period,
        total: page.total,
        lines,
      });
      await ctx.signals.mailer.send({ to: user.email, ...email });
      sent += 1;
    }
    await ctx.db.update(signalReads).set({ digestSentAt: now }).where(eq(signalReads.userId, user.id));
  }
  return sent;
}

async function findDueDigests(db: Database, now: Date) {
  const dueBefore = (ms: number) => new Date(now.getTime() - ms + 60_000);
  return db
    .select({
      id: users.id,
      accountId: users.accountId,
      role: users.role,
      email: users.email,
      digest: signalReads.digest,
      digestSentAt: signalReads.digestSentAt,
    })
    .from(signalReads)
    .innerJoin(users, eq(users.id, signalReads.userId))
    .where(
      and(
        ne(signalReads.digest, 'off'),
        eq(users.status, 'active'),
        or(
          isNull(signalReads.digestSentAt),
          and(eq(signalReads.digest, 'daily'), lte(signalReads.digestSentAt, dueBefore(PERIOD_MS.daily))),
          and(eq(signalReads.digest, 'weekly'), lte(signalReads.digestSentAt, dueBefore(PERIOD_MS.weekly))),
        ),
      ),
    )
    .orderBy(sql`${signalReads.digestSentAt} nulls first`)
    .limit(500);
}

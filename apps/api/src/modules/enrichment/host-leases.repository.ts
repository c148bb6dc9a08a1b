/**
 * The crawler's HostGate over PostgreSQL (`host_leases`): one request at a time per website host and the host's
 * gap between requests hold over every worker process on every machine, not only within one fetcher. A holder
 * takes the host's row when it is free (no holder, or the holder's time ran out: it died) and its gap has passed;
 * others wait and look again. Releasing deletes the row, or keeps it with the gap the next holder waits out.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { HostGate } from '@argo/engine';
import { sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { hostLeases } from '../../db/schema';

/** How often a waiter looks again while another process holds the host. */
const HELD_POLL_MS = 25;

export function createHostLeases(
  db: DatabaseExecutor,
  /** How long a hold lasts at most: longer than any one request, so only a dead holder's runs out. */
  holdMs: number,
): HostGate {
  return {
    async acquire(host, signal) {
      const holder = randomUUID();
      for (;;) {
        signal?.throwIfAborted();
        const taken = await db.execute<{ holder: string }>(sql`
          insert into ${hostLeases} (host, holder, held_until, not_before)
          values (${host}, ${holder}, now() + ${holdMs} * interval '1 millisecond', now())
          on conflict (host) do update set holder = excluded.holder, held_until = excluded.held_until
            where ${hostLeases.heldUntil} <= now() and ${hostLeases.notBefore} <= now()
          returning holder`);
        if (taken.rows.length > 0) return { release: (gapMs) => release(db, host, holder, gapMs) };
        const busy = await db.execute<{ held: boolean; wait_ms: number | null }>(sql`
          select ${hostLeases.heldUntil} > now() as held,
            extract(epoch from ${hostLeases.notBefore} - now()) * 1000 as wait_ms
          from ${hostLeases} where host = ${host}`);
        const row = busy.rows[0];
        const waitMs = !row ? 0 : row.held ? HELD_POLL_MS : Math.max(0, Number(row.wait_ms ?? 0));
        await delay(Math.min(waitMs, 10_000), undefined, signal ? { signal } : {});
      }
    },
  };
}

async function release(db: DatabaseExecutor, host: string, holder: string, gapMs: number): Promise<void> {
  if (gapMs <= 0) {
    await db.execute(sql`delete from ${hostLeases} where host = ${host} and holder = ${holder}`);
    return;
  }
  await db.execute(sql`
    update ${hostLeases} set held_until = now(), not_before = now() + ${gapMs} * interval '1 millisecond'
    where host = ${host} and holder = ${holder}`);
}

/** Rows of hosts nobody holds whose gap is long over (hosts with a Crawl-delay leave one when released). */
export async function deleteFreeHostLeases(db: DatabaseExecutor): Promise<number> {
  const result = await db.execute(sql`
    delete from ${hostLeases}
    where ${hostLeases.heldUntil} < now() and ${hostLeases.notBefore} < now() - interval '1 minute'`);
  return result.rowCount ?? 0;
}

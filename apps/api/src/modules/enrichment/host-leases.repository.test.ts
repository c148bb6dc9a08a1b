/**
 * host_leases, the crawler's HostGate across processes, on real PostgreSQL: two workers' gates (two pools, as two
 * processes have) never hold one host at once, the gap a holder leaves is waited out by the other, and a holder
 * that dies without releasing loses the host when its time runs out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createDatabase, type DatabaseConnection } from '../../db/client';
import { createHostLeases, deleteFreeHostLeases } from './host-leases.repository';

let testDb: TestDatabase;
let other: DatabaseConnection;

beforeAll(async () => {
  testDb = await createTestDatabase();
  other = createDatabase(testDb.url, { max: 3, applicationName: 'argo-test-second-worker' });
});

afterAll(async () => {
  await other?.close();
  await testDb?.close();
});

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('host leases', () => {
  it('lets one holder at a time send to a host, over two processes', async () => {
    const gates = [createHostLeases(testDb.db, 30_000), createHostLeases(other.db, 30_000)];
    let holding = 0;
    let most = 0;
    let turns = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const hold = await (gates[i % 2] as (typeof gates)[number]).acquire('shop.example');
        holding += 1;
        most = Math.max(most, holding);
        await sleep(30);
        holding -= 1;
        turns += 1;
        await hold.release(0);
      }),
    );
    expect(turns).toBe(8);
    expect(most).toBe(1);
    // Released without a gap: nothing is left behind.
    const rows = await testDb.pool.query(`select count(*)::int as n from host_leases`);
    expect(rows.rows[0].n).toBe(0);
  });

  it('makes the next holder, in another process, wait out the gap the last one left', async () => {
    const first = await createHostLeases(testDb.db, 30_000).acquire('slow.example');
    await first.release(400);
    const started = Date.now();
    const second = await createHostLeases(other.db, 30_000).acquire('slow.example');
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    await second.release(0);
  });

  it('gives the host to another once a holder that died has run out of time', async () => {
    await createHostLeases(testDb.db, 300).acquire('dead.example'); // never released: its process died
    const started = Date.now();
    const taken = await createHostLeases(other.db, 300).acquire('dead.example');
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    await taken.release(0);
  });

  it('stops waiting when its signal aborts', async () => {
    const held = await createHostLeases(testDb.db, 30_000).acquire('busy.example');
    const waiting = createHostLeases(other.db, 30_000).acquire('busy.example', AbortSignal.timeout(200));
    await expect(waiting).rejects.toThrow();
    await held.release(0);
  });

  it('tidies rows whose gap is long over, and keeps those still held or waiting', async () => {
    await testDb.pool.query(`
      insert into host_leases (host, holder, held_until, not_before) values
        ('old.example', gen_random_uuid(), now() - interval '2 hours', now() - interval '2 hours'),
        ('held.example', gen_random_uuid(), now() + interval '1 minute', now()),
        ('gap.example', gen_random_uuid(), now(), now() + interval '5 seconds')`);
    expect(await deleteFreeHostLeases(testDb.db)).toBe(1);
    const rows = await testDb.pool.query(`select host from host_leases order by host`);
    expect(rows.rows.map((r) => r.host)).toEqual(['gap.example', 'held.example']);
  });
});

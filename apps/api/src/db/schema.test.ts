import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import type { Database } from './client';
import {
  accounts,
  businesses,
  enrichmentResults,
  people,
  sessionShares,
  sessions,
  users,
  userVentures,
  ventures,
} from './schema';

/** The Postgres error code behind a failed drizzle query (drizzle wraps the driver's error in `cause`). */
async function errorCodeOf(query: Promise<unknown>): Promise<string | undefined> {
  try {
    await query;
  } catch (error) {
    const { code, cause } = error as { code?: string; cause?: { code?: string } };
    return cause?.code ?? code;
  }
  return undefined;
}

async function seedAccount(db: Database, label: string) {
  const [account] = await db
    .insert(accounts)
    .values({ name: `Acme ${label}` })
    .returning();
  if (!account) throw new Error('no account');
  const [admin, member] = await db
    .insert(users)
    .values([
      { accountId: account.id, email: `admin-${label}@acme.test`, name: 'Ada', role: 'admin' },
      { accountId: account.id, email: `member-${label}@acme.test`, name: 'Max' },
    ])
    .returning();
  if (!admin || !member) throw new Error('no users');
  const [venture] = await db
    .insert(ventures)
    .values({
      accountId: account.id,
      name: 'Ledgerly',
      icp: { industries: ['dentist'], hiring_signal: true },
    })
    .returning();
  if (!venture) throw new Error('no venture');
  await db.insert(userVentures).values({ userId: member.id, ventureId: venture.id });
  await db
    .insert(people)
    .values({ accountId: account.id, ventureId: venture.id, name: 'Max', userId: member.id });
  const runId = randomUUID();
  const [session] = await db
    .insert(sessions)
    .values({
      accountId: account.id,
      ownerId: admin.id,
      ventureId: venture.id,
      name: 'Dentists',
      type: 'search',
      runId,
    })
    .returning();
  if (!session) throw new Error('no session');
  await db
    .insert(sessionShares)
    .values({ sessionId: session.id, userId: member.id, access: 'view', grantedBy: admin.id });
  const [business] = await db
    .insert(businesses)
    .values({
      accountId: account.id,
      sessionId: session.id,
      runId,
      dedupeKey: 'domain:smile.example',
      name: 'Smile Dental',
      domain: 'smile.example',
      source: 'osm',
    })
    .returning();
  if (!business) throw new Error('no business');
  await db.insert(enrichmentResults).values({
    accountId: account.id,
    businessId: business.id,
    type: 'ai_summary',
    data: { summary: 'A dental practice' },
    producedBy: 'builtin',
  });
  return { account, admin, member, venture, session, business, runId };
}

async function countRows(db: Database, table: string, accountId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE account_id = ${accountId}`,
  );
  return result.rows[0]?.n ?? -1;
}

describe('database schema', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb?.close());

  it('fills defaults: ids, analytics identifier, timestamps, statuses', async () => {
    const { account, admin, session, business } = await seedAccount(testDb.db, 'defaults');
    expect(account.analyticsIdentifier).toMatch(/^[0-9a-f-]{36}$/);
    expect(account.trackingIds).toEqual([]);
    expect(account.requireAdminMfa).toBe(false);
    expect(account.createdAt).toBeInstanceOf(Date);
    expect(admin.status).toBe('active');
    expect(session.status).toBe('draft');
    expect(session.progressDone).toBe(0);
    expect(business.enrichmentState).toBe('pending');
    expect(business.sources).toEqual([]);
  });

  it('refuses a second business with the same dedupe key in one run, but not in another run', async () => {
    const { account, session, runId } = await seedAccount(testDb.db, 'dedupe');
    const row = { accountId: account.id, sessionId: session.id, name: 'Smile', source: 'osm' };
    const duplicate = testDb.db
      .insert(businesses)
      .values({ ...row, runId, dedupeKey: 'domain:smile.example' });
    expect(await errorCodeOf(duplicate)).toBe('23505');
    await testDb.db
      .insert(businesses)
      .values({ ...row, runId: randomUUID(), dedupeKey: 'domain:smile.example' });
  });

  it('keeps emails unique and lower-case, and one result per business and type', async () => {
    const { account, business } = await seedAccount(testDb.db, 'unique');
    const sameEmail = testDb.db
      .insert(users)
      .values({ accountId: account.id, email: 'admin-unique@acme.test' });
    expect(await errorCodeOf(sameEmail)).toBe('23505');
    const upperCase = testDb.db.insert(users).values({ accountId: account.id, email: 'Someone@Acme.test' });
    expect(await errorCodeOf(upperCase)).toBe('23514');
    const sameType = testDb.db
      .insert(enrichmentResults)
      .values({ accountId: account.id, businessId: business.id, type: 'ai_summary', producedBy: 'model' });
    expect(await errorCodeOf(sameType)).toBe('23505');
  });

  it('refuses to delete a user who still owns sessions, and unlinks or cascades the rest', async () => {
    const { admin, member, venture, session } = await seedAccount(testDb.db, 'users');
    expect(await errorCodeOf(testDb.db.delete(users).where(eq(users.id, admin.id)))).toBe('23503');

    await testDb.db.delete(users).where(eq(users.id, member.id));
    expect(
      await testDb.db.select().from(sessionShares).where(eq(sessionShares.sessionId, session.id)),
    ).toEqual([]);
    expect(await testDb.db.select().from(userVentures).where(eq(userVentures.ventureId, venture.id))).toEqual(
      [],
    );
    const [person] = await testDb.db.select().from(people).where(eq(people.ventureId, venture.id));
    expect(person?.userId).toBeNull();

    await testDb.db.delete(ventures).where(eq(ventures.id, venture.id));
    const [kept] = await testDb.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(kept?.ventureId).toBeNull();
  });

  it('deleting a session removes its businesses and their enrichment results', async () => {
    const { account, session } = await seedAccount(testDb.db, 'session');
    await testDb.db.delete(sessions).where(eq(sessions.id, session.id));
    expect(await countRows(testDb.db, 'businesses', account.id)).toBe(0);
    expect(await countRows(testDb.db, 'enrichment_results', account.id)).toBe(0);
    expect(await countRows(testDb.db, 'users', account.id)).toBe(2);
  });

  it('deleting an account removes every row of it and nothing of another account', async () => {
    const doomed = await seedAccount(testDb.db, 'doomed');
    const other = await seedAccount(testDb.db, 'other');
    await testDb.db.delete(accounts).where(eq(accounts.id, doomed.account.id));
    const tables = ['users', 'ventures', 'people', 'sessions', 'businesses', 'enrichment_results'];
    for (const table of tables) {
      expect(await countRows(testDb.db, table, doomed.account.id), table).toBe(0);
      expect(await countRows(testDb.db, table, other.account.id), table).toBeGreaterThan(0);
    }
  });

  it('bumps updated_at on updates made through drizzle', async () => {
    const { session } = await seedAccount(testDb.db, 'updated');
    await testDb.db.execute(
      sql`UPDATE sessions SET updated_at = '2020-01-01T00:00:00Z' WHERE id = ${session.id}`,
    );
    const [updated] = await testDb.db
      .update(sessions)
      .set({ status: 'queued' })
      .where(eq(sessions.id, session.id))
      .returning();
    expect(updated?.updatedAt.getTime()).toBeGreaterThan(Date.parse('2020-01-02T00:00:00Z'));
  });

  it('serves ILIKE searches on session names from the trigram index', async () => {
    // With a handful of rows a sequential scan is cheaper, so forbid it to see whether the index can serve.
    const client = await testDb.pool.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const plan = await client.query(`EXPLAIN SELECT id FROM sessions WHERE name ILIKE '%dent%'`);
      expect(JSON.stringify(plan.rows)).toContain('sessions_name_trgm_idx');
    } finally {
      client.release(true);
    }
  });
});

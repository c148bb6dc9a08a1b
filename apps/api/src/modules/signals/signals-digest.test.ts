/**
 * The signals digest on real PostgreSQL, mailed to the dev outbox: a user who chose a daily digest gets one
 * email listing the changes recorded since their last one, at the businesses of the sessions they can see; none
 * when nothing changed, none twice for the same changes, none for a colleague who cannot see the session.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { readEmails } from '../../../test/outbox';
import { quietLog } from '../../../test/workers';
import { businesses, sessions, signalEvents } from '../../db/schema';
import { addUser, createAdmin, createSession, type TestUser } from '../access/access.fixtures';
import { createMailer } from '../email/mailer';
import { runSignalsDigest } from './digest.runner';

let t: TestApp;
let owner: TestUser;
let colleague: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t);
  owner = await addUser(t, admin);
  colleague = await addUser(t, admin);
}, 60_000);
afterAll(() => t?.close());

const DAY = 86_400_000;
const digest = (clock: Date) =>
  runSignalsDigest({
    db: t.database.db,
    log: quietLog,
    signals: {
      mailer: createMailer({ config: t.config, db: t.database.db, log: quietLog }),
      publicUrl: t.config.PUBLIC_URL,
    },
    clock: () => clock,
  });
/** The digests in the dev outbox for a user (their sign-up mails aside). */
const digests = async (user: TestUser) =>
  (await readEmails(t.database.db, user.email)).filter((m) => m.reason === 'signals-digest');
const choose = (user: TestUser, value: unknown) =>
  t.call('PUT', '/api/signals/settings', { token: user.token, body: { digest: value } });

async function seedChange(occurredAt: Date): Promise<void> {
  const sessionId = await createSession(t, owner);
  const runId = randomUUID();
  await t.database.db.update(sessions).set({ runId, status: 'completed' }).where(eq(sessions.id, sessionId));
  const [business] = await t.database.db
    .insert(businesses)
    .values({
      accountId: owner.accountId,
      sessionId,
      runId,
      dedupeKey: 'k',
      name: 'Elektro Meier GmbH',
      source: 'osm',
    })
    .returning({ id: businesses.id });
  await t.database.db.insert(signalEvents).values({
    accountId: owner.accountId,
    sessionId,
    businessId: business?.id as string,
    type: 'role_opened',
    key: 'bürokaufmann',
    after: 'bürokaufmann',
    page: 'https://elektro-meier.de/karriere',
    occurredAt,
    runId,
  });
}

describe('the signals digest', () => {
  it('mails the changes since the last digest once, and only when there are some', async () => {
    expect((await t.call('GET', '/api/signals/settings', { token: owner.token })).body).toEqual({
      digest: 'off',
      seen_at: null,
    });
    const chosen = await choose(owner, 'daily');
    expect(chosen.status).toBe(200);
    expect(chosen.body.digest).toBe('daily');
    expect((await choose(colleague, 'daily')).status).toBe(200);
    const start = Date.now();

    // Not due before a day has passed; due after, but nothing changed: no email.
    expect(await digest(new Date(start + DAY / 2))).toBe(0);
    expect(await digest(new Date(start + DAY + 60_000))).toBe(0);
    expect(await digests(owner)).toHaveLength(0);

    await seedChange(new Date(start + 1.5 * DAY));
    expect(await digest(new Date(start + 2 * DAY + 120_000))).toBe(1);
    const [mail] = await digests(owner);
    expect(mail?.subject).toBe('Argo: 1 change at your businesses');
    expect(mail?.text).toContain('- Elektro Meier GmbH: New opening: bürokaufmann.');
    expect(mail?.text).toContain(`${t.config.PUBLIC_URL}/signals`);
    // The colleague cannot see the owner's session: nothing for them.
    expect(await digests(colleague)).toHaveLength(0);

    // The same changes are never mailed twice.
    expect(await digest(new Date(start + 3 * DAY + 180_000))).toBe(0);
    expect(await digests(owner)).toHaveLength(1);
  });

  it('says what to write for another digest', async () => {
    const wrong = await choose(owner, 'hourly');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toContain("'off', 'daily' or 'weekly'");
    expect((await choose(owner, 'off')).body.digest).toBe('off');
  });
});

/**
 * Migration 0025 on the real database: entries stored as typed in Unicode before the list compared domains in
 * IDNA ASCII form become that form (the same as node's domainToASCII), and one whose ASCII spelling the account
 * lists already is dropped, the listed one keeping its reason. Re-running it changes nothing.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { domainToASCII } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { findMigrationsFolder } from '../../db/migrate';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.close());

async function runMigration() {
  const sql = await readFile(join(findMigrationsFolder(), '0025_suppressions_ascii_domains.sql'), 'utf8');
  for (const statement of sql.split('--> statement-breakpoint')) await testDb.pool.query(statement);
}

const DOMAINS = [
  'münchen.de',
  'bäckerei-müller.de',
  'faß.de',
  'shop.straße-köln.de',
  'παράδειγμα.δοκιμή',
  '例え.テスト',
  'ñandú.com',
];

describe('migration 0025', () => {
  it('stores every Unicode entry in its ASCII form, once per account', async () => {
    const account = await testDb.pool.query("insert into accounts (name) values ('Legacy') returning id");
    const accountId = account.rows[0].id;
    const insert = (kind: string, value: string, reason: string | null = null) =>
      testDb.pool.query(
        'insert into suppressions (account_id, kind, value, reason) values ($1, $2, $3, $4)',
        [accountId, kind, value, reason],
      );
    for (const domain of DOMAINS) await insert('domain', domain);
    await insert('email', 'anna.berg@münchen.de');
    await insert('email', 'plain@example.de');
    // The same entry in both spellings: the ASCII one stays, with its reason.
    await insert('domain', 'bücher.de', 'typed in Unicode');
    await insert('domain', 'xn--bcher-kva.de', 'typed as punycode');

    await runMigration();
    const read = async () =>
      (
        await testDb.pool.query(
          'select kind, value, reason from suppressions where account_id = $1 order by kind, value',
          [accountId],
        )
      ).rows;
    const after = await read();
    expect(after).toEqual(
      [
        ...DOMAINS.map((domain) => ({ kind: 'domain', value: domainToASCII(domain), reason: null })),
        { kind: 'domain', value: 'xn--bcher-kva.de', reason: 'typed as punycode' },
        { kind: 'email', value: `anna.berg@${domainToASCII('münchen.de')}`, reason: null },
        { kind: 'email', value: 'plain@example.de', reason: null },
      ].sort((a, b) => a.kind.localeCompare(b.kind) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)),
    );

    await runMigration();
    expect(await read()).toEqual(after);
  });
});

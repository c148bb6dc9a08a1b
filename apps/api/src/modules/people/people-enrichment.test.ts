/**
 * People through the enrichment job: `unified` and `enrichment/run` with `people` crawl a site whose
 * home page links its imprint (a real one from ../shared/fixtures/eval), store the people analyzer's result and
 * answer it in the results: the person with role, seniority and evidence, the company's facts, the decision-maker
 * column and the primary contact. The other analyzers' types do not produce people.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURES_DIR, type FixturePage, hasFixtures } from '@argo/engine/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isFinished, waitForInfo } from '../../../test/workers';
import { enrichmentResults } from '../../db/schema';
import {
  admin,
  enrich,
  results,
  runToEnd,
  seedSession,
  t,
  url,
  useEnrichmentApp,
} from '../enrichment/enrichment.fixtures';

const IMPRINT = path.join(FIXTURES_DIR, 'eval/pages/lehmann-bau.com.impressum.html');
const HOST = 'lehmann-bau.test';

function sitePages(): FixturePage[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'argo-people-'));
  const home = path.join(dir, 'home.html');
  writeFileSync(
    home,
    `<!doctype html><html lang="de"><head><title>Lehmann Bau</title></head><body>
     <h1>Lehmann Bau — Ihr Bauunternehmen in Niederbayern</h1>
     <p>Hochbau, Umbau und Sanierung aus einer Hand.</p>
     <footer><a href="/impressum/">Impressum</a></footer></body></html>`,
  );
  const page = (file: string, pathname: string): FixturePage => ({
    key: pathname,
    file,
    originalUrl: `http://${HOST}${pathname}`,
    headers: {},
    technologies: [],
  });
  return hasFixtures ? [page(home, '/'), page(IMPRINT, '/impressum/')] : [];
}

useEnrichmentApp(sitePages);

describe.runIf(hasFixtures)('people through the enrichment job', () => {
  it('unified stores the people of the imprint and the results show them with their evidence', async () => {
    const { sessionId } = await seedSession(admin, [{ name: 'Lehmann Bau', website: url(HOST) }]);
    const info = await runToEnd(admin, 'unified', { session_id: sessionId });
    expect(info.status).toBe('completed');
    const business = (await results(admin, sessionId))['Lehmann Bau'];
    expect(business.enrichment_state).toBe('done');
    expect(business.details.people).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'Lehmann Elvira',
          seniority: 'owner_founder',
          source_url: url(HOST, '/impressum/'),
        }),
      ]),
    );
    const person = business.details.people.find((p: { name: string }) => p.name === 'Lehmann Elvira');
    expect(person.evidence).toContain('Lehmann Elvira');
    expect(business.details.company).toMatchObject({
      legal_form: expect.objectContaining({ value: 'GmbH' }),
    });
    expect(business.decision_maker).toBe(true);
    expect(business.primary_contact).toMatchObject({ name: 'Lehmann Elvira' });

    const filtered = await t.call('GET', `/api/user/session/${sessionId}/results`, {
      token: admin.token,
      query: { filters: JSON.stringify({ decision_maker: true }) },
    });
    expect(filtered.status, JSON.stringify(filtered.body)).toBe(200);
    expect(filtered.body.total).toBe(1);
  }, 120_000);

  it('enrichment/run with people alone stores only people; software alone stores none', async () => {
    const { sessionId, ids } = await seedSession(admin, [{ name: 'Lehmann Bau', website: url(HOST) }]);
    const started = await t.call('POST', '/api/enrichment/run', {
      token: admin.token,
      body: { session_id: sessionId, types: ['people'] },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await waitForInfo(t, admin.token, sessionId, isFinished, 120_000);
    const types = async () =>
      (
        await t.database.db
          .select({ type: enrichmentResults.type })
          .from(enrichmentResults)
          .where(eq(enrichmentResults.businessId, ids['Lehmann Bau'] as string))
      ).map((r) => r.type);
    expect(await types()).toEqual(['people']);

    const software = await enrich(admin, 'software_detection', { session_id: sessionId });
    expect(software.status).toBe(202);
    await waitForInfo(t, admin.token, sessionId, isFinished, 120_000);
    expect((await types()).sort()).toEqual(['people', 'software_detection']);
  }, 120_000);
});

/**
 * Enrichment against a fault web of business sites that fail the ways real ones do: the session still completes
 * and each business records its failure with its reason (timeout, reset, 5xx, redirect loop, binary file, robots.txt,
 * unknown host, refused private address, no website), while a 50 MB page and a wrongly labelled charset are still
 * analysed; only_failed re-runs just the failed businesses, and a re-run replaces a business's result rows.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrichmentResults } from '../../db/schema';
import {
  admin,
  faults,
  results,
  runToEnd,
  seedSession,
  t,
  url,
  useEnrichmentApp,
} from './enrichment.fixtures';

useEnrichmentApp();

describe('fault web', () => {
  let sessionId: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    ({ sessionId, ids } = await seedSession(admin, [
      { name: 'Slow', website: url('slow.fault.test') },
      { name: 'Reset', website: url('reset.fault.test') },
      { name: 'Error', website: url('error.fault.test') },
      { name: 'Huge', website: url('huge.fault.test') },
      { name: 'Loop', website: url('loop.fault.test', '/a') },
      { name: 'Binary', website: url('binary.fault.test', '/brochure.pdf') },
      { name: 'Latin1', website: url('latin1.fault.test') },
      { name: 'Robots', website: url('robots.fault.test') },
      { name: 'Unknown host', website: url('nowhere.fault.invalid') },
      { name: 'Private', website: 'http://10.0.0.1/' },
      { name: 'No website', website: null },
    ]));
  });

  it('completes the session and records each failure with its reason', async () => {
    const info = await runToEnd(admin, 'unified', { session_id: sessionId });
    expect(info.status).toBe('completed');
    expect(info.progress.total).toBe(11);
    expect(info.progress.done).toBe(11);
    const found = await results(admin, sessionId);
    const outcome = (name: string) => [found[name].enrichment_state, found[name].enrichment_error];
    expect(outcome('Slow')).toEqual([
      'failed',
      expect.stringMatching(/^timeout fetching http:\/\/slow\.fault\.test/),
    ]);
    expect(outcome('Reset')).toEqual([
      'failed',
      expect.stringMatching(/^connection reset fetching http:\/\/reset/),
    ]);
    expect(outcome('Error')).toEqual(['failed', expect.stringMatching(/^HTTP 503 fetching http:\/\/error/)]);
    expect(outcome('Loop')).toEqual(['failed', expect.stringMatching(/^redirect loop fetching/)]);
    expect(outcome('Binary')).toEqual(['failed', expect.stringMatching(/^not an HTML page fetching/)]);
    expect(outcome('Robots')).toEqual(['failed', `robots.txt disallows ${url('robots.fault.test')}`]);
    expect(outcome('Unknown host')).toEqual(['failed', expect.stringMatching(/^DNS lookup failed fetching/)]);
    expect(outcome('Private')).toEqual([
      'failed',
      expect.stringMatching(/^refused address fetching http:\/\/10\.0\.0\.1/),
    ]);
    expect(outcome('No website')).toEqual(['skipped', 'no website to crawl']);
    // A 50 MB page is read up to the size cap and analysed; a wrongly labelled charset is still decoded.
    expect(found.Huge.enrichment_state).toBe('done');
    expect(found.Latin1.enrichment_state).toBe('done');
    expect(found.Latin1.software.map((s: { name: string }) => s.name)).toContain('WordPress');
    expect(info.progress.failed).toBe(8);
  }, 120_000);

  it('re-runs only the failed businesses with only_failed, and a re-run replaces the rows', async () => {
    const before = await t.database.db
      .select()
      .from(enrichmentResults)
      .where(eq(enrichmentResults.businessId, ids.Latin1 as string));
    faults.errorHostHealed = true;
    const info = await runToEnd(admin, 'software_detection', { session_id: sessionId, only_failed: true });
    expect(info.status).toBe('completed');
    expect(info.progress.total).toBe(8);
    const found = await results(admin, sessionId);
    expect(found.Error.enrichment_state).toBe('done');
    expect(found.Error.software.map((s: { name: string }) => s.name)).toContain('WordPress');
    expect(found.Slow.enrichment_state).toBe('failed');
    // Latin1 was done: not crawled again, its row untouched.
    const after = await t.database.db
      .select()
      .from(enrichmentResults)
      .where(eq(enrichmentResults.businessId, ids.Latin1 as string));
    expect(after).toEqual(before);

    const again = await runToEnd(admin, 'software_detection', {
      session_id: sessionId,
      business_ids: [ids.Latin1],
    });
    expect(again.progress).toEqual({ total: 1, done: 1, failed: 0 });
    const replaced = await t.database.db
      .select()
      .from(enrichmentResults)
      .where(
        and(
          eq(enrichmentResults.businessId, ids.Latin1 as string),
          eq(enrichmentResults.type, 'software_detection'),
        ),
      );
    expect(replaced).toHaveLength(1);
    const first = before.find((r) => r.type === 'software_detection');
    expect(replaced[0]?.observedAt.getTime()).toBeGreaterThan(first?.observedAt.getTime() ?? 0);
  }, 120_000);
});

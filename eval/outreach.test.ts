/**
 * The mechanical points of the outreach rubric (docs/outreach-rubric.md) on the cold emails the built-in writer
 * writes for 20 real sites, enriched by the engine (outreach.ts): under 120 words, no name of how the site is
 * built (every technology the detector found that is no business tool, and the words CMS, theme, plugin, cookie,
 * analytics, font), the named decision-maker greeted by name and the team only when there is none, one question
 * (the ask), and signed by the sender with their title and the venture.
 */
import { businessToolsOf, EMAIL_WORD_LIMIT, wordCount } from '@argo/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUTREACH_SITES, type OutreachCase, outreachCases, SENDER, VENTURE } from './outreach';

let cases: OutreachCase[];

beforeAll(async () => {
  cases = await outreachCases();
}, 300_000);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('outreach for real sites: the rubric’s mechanical points', () => {
  it(`writes for ${OUTREACH_SITES} enriched real sites`, () => {
    expect(cases).toHaveLength(OUTREACH_SITES);
  });

  it('stays under 120 words with one ask', () => {
    for (const { site, email } of cases) {
      expect(wordCount(email.body), site.id).toBeLessThan(EMAIL_WORD_LIMIT);
      expect(email.body.match(/\?/g) ?? [], site.id).toHaveLength(1);
    }
  });

  it('names nothing of how the site is built', () => {
    let infrastructure = 0;
    for (const { site, facts, email } of cases) {
      const tools = new Set(businessToolsOf(facts).map((t) => t.name));
      const built = facts.software.filter((name) => !tools.has(name));
      infrastructure += built.length;
      for (const name of built)
        expect(email.body, `${site.id}: ${name}`).not.toMatch(new RegExp(`\\b${escapeRegExp(name)}\\b`, 'i'));
      expect(email.body, site.id).not.toMatch(/\b(?:CMS|theme|plugin|cookie|analytics|font|WordPress)s?\b/i);
    }
    // The sites run such software: the check has something to find.
    expect(infrastructure).toBeGreaterThan(0);
  });

  it('greets the named decision-maker by name, and the team only when no one is named', () => {
    let named = 0;
    for (const { site, recipient, email } of cases) {
      if (recipient) {
        named++;
        expect(email.body.startsWith(`Hi ${recipient.firstName},\n`), site.id).toBe(true);
        expect(email.body, site.id).not.toMatch(/^Hi [^\n]* team,/);
      } else {
        expect(email.body, site.id).toMatch(/^Hi [^\n]+ team,\n/);
      }
    }
    expect(named).toBeGreaterThan(0);
  });

  it('is signed by the sender, with their title and the venture', () => {
    for (const { site, email } of cases) {
      expect(
        email.body.endsWith(`\nBest regards,\n${SENDER.name}\n${SENDER.title}, ${VENTURE.name}`),
        site.id,
      ).toBe(true);
    }
  });
});

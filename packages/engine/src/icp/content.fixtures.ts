/**
 * What the built-in writer's tests share: ventures, businesses and a sender as stored facts, the GyroPOS trial's
 * business, and what every text must never contain, whoever it is for: a lower-case "i", "Frisco / Richardson",
 * the taxonomy's "&", a placeholder but the greeting's, a capital after a comma but for "I", a name or an
 * acronym; and what it must: a short subject line, one ask under EMAIL_WORD_LIMIT words, a LinkedIn note under
 * 300 characters, every claim a sentence of its text.
 */
import type { ContentItem } from '@argo/contract';
import { expect } from 'vitest';
import { EMAIL_WORD_LIMIT, wordCount } from './content';
import type { BusinessFacts, SenderFacts, VentureFacts } from './facts';

export const KINDS = ['cold_email', 'linkedin_note', 'call_opener'] as const;

export const venture = (
  name: string,
  valueProposition: string | null,
  description: string | null = null,
): VentureFacts => ({
  id: `v-${name}`,
  name,
  website: null,
  description,
  valueProposition,
  softwareSignals: [],
});

export const business = (name: string, over: Partial<BusinessFacts> = {}): BusinessFacts => ({
  id: `b-${name}`,
  name,
  website: null,
  category: null,
  city: null,
  region: null,
  country: null,
  industry: null,
  summary: null,
  rating: null,
  review_count: null,
  hiring: null,
  icp_score: null,
  icp_tier: null,
  software: [],
  software_urls: [],
  software_categories: [],
  employee_estimate: null,
  roles: [],
  careers_url: null,
  summary_url: null,
  source_url: null,
  domain: null,
  people: null,
  ...over,
});

export const anna: SenderFacts = { name: 'Anna Schmidt', title: 'Head of Sales' };

// The trial: a Google Maps row (category, rating) merged with a second listing in another city.
export const gyroShop = business('The Gyro Shop', {
  website: 'https://thegyroshop.example/',
  category: 'Gyro restaurant',
  city: 'Frisco / Richardson',
  region: 'TX',
  rating: 4.7,
  review_count: 312,
  source_url: 'https://www.google.com/maps/place/The+Gyro+Shop',
});
export const gyroPos = venture('GyroPOS', 'Cuts delivery-app fees by taking orders directly.');

/** What every text must never contain, whoever it is for. */
export function expectReadable(items: ContentItem[], names: string[]) {
  for (const item of items) {
    const text = `${item.subject ?? ''}\n${item.body}`;
    expect(text, text).not.toMatch(/(^|[\s—-])i(\s|')/); // "i noticed", "i'm"
    expect(text, text).not.toMatch(/\.\s*\./); // ". ." and ".."
    expect(text, text).not.toMatch(/ \/ /); // "Frisco / Richardson"
    expect(text, text).not.toMatch(/is like /); // "your business is like The Gyro Shop"
    expect(text, text).not.toMatch(/&/); // the taxonomy's "Hotels & accommodation"
    expect(text, text).not.toMatch(/\{\{(?!first_name\}\})/); // no placeholder but the greeting's
    // After a comma mid-sentence, a capital only for "I", a name or an acronym.
    for (const [, word] of text.matchAll(/, (\S+)/g)) {
      const ok =
        /^\p{Ll}/u.test(word as string) ||
        /^I\b/.test(word as string) ||
        /^\{\{/.test(word as string) ||
        /\p{Lu}/u.test((word as string).slice(1)) ||
        names.some((name) => name.startsWith(word as string));
      expect(ok, `capital after a comma: "${word}" in ${text}`).toBe(true);
    }
    // Every claim is a sentence of the text it was written into.
    for (const claim of item.claims) expect(item.body).toContain(claim.text);
  }
  const email = items.find((item) => item.kind === 'cold_email');
  if (email) {
    expect(email.subject).toBeTruthy();
    expect((email.subject as string).length).toBeLessThanOrEqual(60);
    expect(email.subject).not.toMatch(/: /);
    expect(wordCount(email.body)).toBeLessThan(EMAIL_WORD_LIMIT);
    expect(email.body.match(/\?/g) ?? []).toHaveLength(1);
  }
  const note = items.find((item) => item.kind === 'linkedin_note');
  if (note) expect(note.body.length).toBeLessThanOrEqual(300);
}

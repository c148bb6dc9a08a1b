/** Whom the built-in content greets, and by which words (icp.recipient.ts): no database needed. */
import { describe, expect, it } from 'vitest';
import { recipientOf } from './icp.recipient';

const person = (name: string, role: string, seniority = 'owner_founder') => ({
  people: [
    {
      name,
      role,
      seniority,
      email: null,
      phone: '+49 30 1234567',
      source_url: 'https://x.example/impressum',
    },
  ],
});

describe('the recipient of outreach content', () => {
  it('greets by first name, or by the whole name when an imprint may list the family name first', () => {
    expect(recipientOf(person('Elvira Lehmann', 'Owner'), [], 'Lehmann Bau GmbH')?.firstName).toBe('Elvira');
    expect(recipientOf(person('Lehmann Elvira', 'Inhaberin'), [], 'Lehmann Bau GmbH')?.firstName).toBe(
      'Lehmann Elvira',
    );
    expect(recipientOf(person('Anna Berg', 'Inhaberin'), [], 'Bäckerei Sonne')?.firstName).toBe('Anna');
  });

  it('says the role in English: as the site wrote it when it is English, else what its seniority means', () => {
    expect(recipientOf(person('Roel Lakmaker', 'Founder / CEO'), [], 'CTcue')?.role).toBe('Founder / CEO');
    expect(recipientOf(person('Anna Berg', 'Inhaberin'), [], 'Bäckerei Sonne')?.role).toBe('owner');
    expect(recipientOf(person('Karl Heide', 'Geschäftsführer', 'executive'), [], 'Heide GmbH')?.role).toBe(
      'managing director',
    );
  });
});

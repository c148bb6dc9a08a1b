/** Whom the built-in content greets, and by which words (icp.recipient.ts): no database needed. */
import { describe, expect, it } from 'vitest';
import { recipientOf } from './recipient';

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

  it('greets by the first given name of a long name, keeping an abbreviated one with the next', () => {
    expect(
      recipientOf(person('Marcos Elgorriaga Kunze', 'Titular'), [], 'Clínica Dental Elgorriaga')?.firstName,
    ).toBe('Marcos');
    expect(
      recipientOf(person('Mª Cristina Sagarzazu Malvido', 'Titular'), [], 'Mª Cristina Sagarzazu')?.firstName,
    ).toBe('Mª Cristina');
    expect(recipientOf(person('Jean-Pierre Martin', 'Gérant', 'executive'), [], 'Martin SARL')).toMatchObject(
      {
        firstName: 'Jean-Pierre',
        role: 'managing director',
      },
    );
  });

  it('greets no heading and no business name as a person, and claims no role it cannot say in English', () => {
    expect(recipientOf(person('INFORMATIONS GÉNÉRALES', 'Owner'), [], '11h42')).toBeNull();
    expect(recipientOf(person('Always Automaten', 'Inhaber'), [], 'Always Automaten GmbH')).toBeNull();
    expect(recipientOf(person('Norbert Bánhalmi', 'Inhaber'), [], 'Bánhalmi Norbert e.U.')?.firstName).toBe(
      'Norbert',
    );
    expect(
      recipientOf(
        person('Béatrice Gouts Bourjac', 'Directrice de publication', 'executive'),
        [],
        'Au fil du tracé',
      ),
    ).toMatchObject({ firstName: 'Béatrice', role: null });
    expect(recipientOf(person('Dimitri Gritsajuk', 'Président', 'executive'), [], '8DIGRIZ')?.role).toBe(
      'president',
    );
  });
});

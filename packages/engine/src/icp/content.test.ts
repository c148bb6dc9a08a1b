/**
 * The built-in writer's text reads as a person would write it and send it unedited
 * (icp/generate_content): the GyroPOS trial end to end (the value proposition as a sentence naming the venture,
 * the two places of a merged business as "Frisco and Richardson", a short natural subject, its profile), and
 * businesses of every shape, from no facts at all to a very long name, each claim naming its field.
 */
import type { ContentItem, IcpProfile } from '@argo/contract';
import { describe, expect, it } from 'vitest';
import { builtinContent, businessSubject, profileSubject } from './content';
import { anna, business, expectReadable, gyroPos, gyroShop, KINDS } from './content.fixtures';
import type { BusinessFacts } from './facts';

describe('the GyroPOS trial (built-in writer)', () => {
  const [email, note, opener] = builtinContent(businessSubject(gyroShop, gyroPos), KINDS) as ContentItem[];

  it('writes the value proposition as a sentence naming the venture, citing the field', () => {
    expect(email?.body).toContain('\nGyroPOS cuts delivery-app fees by taking orders directly.\n');
    expect(email?.body).not.toContain('At GyroPOS, Cuts');
    expect(email?.claims).toContainEqual({
      text: 'GyroPOS cuts delivery-app fees by taking orders directly.',
      field: 'venture.value_proposition',
      business_id: null,
      source_url: null,
    });
  });

  it('says what it is and the two places of a merged business in one plain sentence, citing both', () => {
    const lead = 'I came across The Gyro Shop while looking at gyro restaurants in Frisco and Richardson.';
    expect(email?.body).toContain(lead);
    expect(email?.claims).toContainEqual({
      text: lead,
      field: 'city',
      business_id: gyroShop.id,
      source_url: gyroShop.source_url,
    });
    expect(email?.claims.map((c) => c.field)).toContain('category');
  });

  it('has a short natural subject, a capital "I" in the call opener, and a LinkedIn note under 300', () => {
    expect(email?.subject).toBe('Quick question for The Gyro Shop');
    expect(email?.body).toMatch(/^Hi Gyro Shop team,\n/);
    expect(opener?.body).toBe(
      "Hi, this is … from GyroPOS. I'm calling because I came across The Gyro Shop while looking at gyro restaurants in Frisco and Richardson. Do you have two minutes?",
    );
    expect(note?.body).toBe(
      'Hi Gyro Shop team — I came across The Gyro Shop while looking at gyro restaurants in Frisco and Richardson. GyroPOS cuts delivery-app fees by taking orders directly. Happy to connect.',
    );
    expectReadable([email, note, opener] as ContentItem[], ['GyroPOS', 'The Gyro Shop']);
  });

  it('writes the "Gyro restaurant" profile without "/" or "your business is like"', () => {
    const profile = {
      id: 'p1',
      venture_id: gyroPos.id,
      name: 'Gyro restaurants in Frisco',
      criteria: {
        industries: [],
        locations: ['Frisco', 'Richardson'],
        keywords: ['Gyro restaurant'],
        exclude_keywords: [],
        employee_min: null,
        employee_max: null,
        software_signals: [],
        hiring_signal: null,
      },
    } as unknown as IcpProfile;
    const items = builtinContent(profileSubject(profile, [gyroShop], gyroPos, anna), KINDS);
    const [mail, , call] = items as ContentItem[];
    expect(mail?.subject).toBe('Quick question, {{first_name}}');
    expect(mail?.body).toMatch(/^Hi \{\{first_name\}\},\n/);
    expect(mail?.body).toContain(
      "I've been looking at gyro restaurants in Frisco and Richardson. Businesses like The Gyro Shop came up in my research.",
    );
    expect(mail?.claims.map((c) => c.field)).toEqual([
      'criteria.keywords',
      'criteria.locations',
      'examples',
      'venture.value_proposition',
    ]);
    expect(mail?.claims[2]).toMatchObject({ business_id: gyroShop.id, source_url: gyroShop.website });
    expect(call?.body).toContain(
      "I'm calling because I've been looking at gyro restaurants in Frisco and Richardson.",
    );
    expectReadable(items, ['GyroPOS', 'The Gyro Shop']);
  });
});

describe('businesses of every shape', () => {
  it.each<[string, BusinessFacts, string[]]>([
    [
      'a merged business with two cities (semicolon)',
      business('Olive & Vine', {
        category: 'Mediterranean restaurant',
        city: 'Plano; Frisco',
        source_url: 'https://m.example/1',
      }),
      ['I came across Olive & Vine while looking at mediterranean restaurants in Plano and Frisco.'],
    ],
    [
      'the same city twice after a merge',
      business('Gyro Express', { city: 'Plano / plano', source_url: 'https://m.example/2' }),
      ['I came across Gyro Express while looking at businesses in Plano.'],
    ],
    [
      'no city: the region',
      business('Pita Pit Stop', { region: 'Texas', rating: 4.2, review_count: 18 }),
      ['I came across Pita Pit Stop while looking at businesses in Texas.'],
    ],
    [
      'no place, hiring an acronym role',
      business('Alpha Dental', { industry: 'Dental', hiring: true, roles: ['HR Manager'] }),
      [
        "I came across Alpha Dental while looking at dental practices. I also saw that you're hiring an HR Manager.",
      ],
    ],
    ['no facts at all', business('Kebab King'), ['I came across Kebab King recently.']],
    [
      'a very long name',
      business('The Original Mediterranean Gyro and Falafel House of North Dallas', { city: 'Dallas' }),
      [
        'I came across The Original Mediterranean Gyro and Falafel House of North Dallas while looking at businesses in Dallas.',
      ],
    ],
  ])('%s', (_, facts, sentences) => {
    const items = builtinContent(businessSubject(facts, gyroPos, null, anna), KINDS);
    const [email] = items;
    for (const sentence of sentences) expect(email?.body).toContain(sentence);
    expect(email?.subject?.startsWith('Quick question for ')).toBe(true);
    const fields = email?.claims.map((c) => c.field) ?? [];
    if (facts.city) expect(fields).toContain('city');
    else if (facts.region) expect(fields).toContain('region');
    else expect(fields).not.toContain('city');
    expect(fields).toContain('venture.value_proposition');
    // "Olive & Vine" is a name: its "&" is the business's own.
    expectReadable(
      items
        .map((item) => ({ ...item, body: item.body.replaceAll(facts.name, 'NAME') }))
        .map((item) => ({
          ...item,
          claims: item.claims.map((c) => ({ ...c, text: c.text.replaceAll(facts.name, 'NAME') })),
          subject: item.subject?.replaceAll(facts.name, 'NAME') ?? null,
        })),
      ['GyroPOS', 'NAME'],
    );
  });
});

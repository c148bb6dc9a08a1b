/**
 * The built-in writer's text reads as a person would write it (PRODUCT.md §7 icp/generate_content), for any venture
 * and any business: the value proposition fitted into a sentence naming the venture (its first letter lowered
 * unless an acronym or a name, its full stop its own), several places as "Frisco and Richardson", never a
 * lower-case "i", no "your business is like X", a short subject line, and every claim still naming its field.
 * The first case is the trial that could not be sent as written (GyroPOS, the google-maps-scraper gyro file).
 */
import type { ContentItem, IcpProfile } from '@argo/contract';
import { describe, expect, it } from 'vitest';
import { builtinContent, businessSubject, profileSubject } from './icp.content';
import type { Recipient } from './icp.recipient';
import type { BusinessFacts, VentureFacts } from './icp.repository';
import { pitchSentence } from './icp.wording';

const KINDS = ['cold_email', 'linkedin_note', 'call_opener'] as const;

const venture = (
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

const business = (name: string, over: Partial<BusinessFacts> = {}): BusinessFacts => ({
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
  employee_estimate: null,
  roles: [],
  careers_url: null,
  summary_url: null,
  source_url: null,
  domain: null,
  people: null,
  ...over,
});

// The trial: a Google Maps row (category, rating) merged with a second listing in another city.
const gyroShop = business('The Gyro Shop', {
  website: 'https://thegyroshop.example/',
  category: 'Gyro restaurant',
  city: 'Frisco / Richardson',
  region: 'TX',
  rating: 4.7,
  review_count: 312,
  source_url: 'https://www.google.com/maps/place/The+Gyro+Shop',
});
const gyroPos = venture('GyroPOS', 'Cuts delivery-app fees by taking orders directly.');

/** What every text must never contain, whoever it is for. */
function expectReadable(items: ContentItem[], names: string[]) {
  for (const item of items) {
    const text = `${item.subject ?? ''}\n${item.body}`;
    expect(text, text).not.toMatch(/(^|[\s—-])i(\s|')/); // "i noticed", "i'm"
    expect(text, text).not.toMatch(/\.\s*\./); // ". ." and ".."
    expect(text, text).not.toMatch(/ \/ /); // "Frisco / Richardson"
    expect(text, text).not.toMatch(/is like /); // "your business is like The Gyro Shop"
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
  }
  const note = items.find((item) => item.kind === 'linkedin_note');
  if (note) expect(note.body.length).toBeLessThanOrEqual(300);
}

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

  it('says the two places of a merged business as "Frisco and Richardson", citing the city', () => {
    expect(email?.body).toContain('I noticed that The Gyro Shop is listed as a Gyro restaurant.');
    expect(email?.body).toContain('I also saw that it is based in Frisco and Richardson.');
    expect(email?.claims).toContainEqual({
      text: 'I also saw that it is based in Frisco and Richardson.',
      field: 'city',
      business_id: gyroShop.id,
      source_url: gyroShop.source_url,
    });
  });

  it('has a short natural subject, a capital "I" in the call opener, and a LinkedIn note under 300', () => {
    expect(email?.subject).toBe('Quick question for The Gyro Shop');
    expect(email?.body).toMatch(/^Hi Gyro Shop team,\n/);
    expect(opener?.body).toBe(
      "Hi, this is … from GyroPOS. I'm calling because I noticed that The Gyro Shop is listed as a Gyro restaurant. Do you have two minutes?",
    );
    expect(note?.body).toBe(
      'Hi Gyro Shop team — I saw that The Gyro Shop is listed as a Gyro restaurant. GyroPOS cuts delivery-app fees by taking orders directly. Happy to connect.',
    );
    expectReadable([email, note, opener] as ContentItem[], ['GyroPOS', 'The Gyro Shop']);
  });

  it('writes the "Gyro restaurant" profile without "/" or "your business is like"', () => {
    const profile = {
      id: 'p1',
      venture_id: gyroPos.id,
      name: 'Gyro restaurant',
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
    const items = builtinContent(profileSubject(profile, [gyroShop], gyroPos), KINDS);
    const [mail, , call] = items as ContentItem[];
    expect(mail?.subject).toBe('Quick question, {{first_name}}');
    expect(mail?.body).toContain(
      "I've been looking at businesses in Frisco and Richardson. Businesses like The Gyro Shop came up in my research.",
    );
    expect(mail?.claims.map((c) => c.field)).toEqual([
      'criteria.locations',
      'examples',
      'venture.value_proposition',
    ]);
    expect(mail?.claims[1]).toMatchObject({ business_id: gyroShop.id, source_url: gyroShop.website });
    expect(call?.body).toContain(
      "I'm calling because I've been looking at businesses in Frisco and Richardson.",
    );
    expectReadable(items, ['GyroPOS', 'The Gyro Shop']);
  });
});

describe('value propositions of every form, fitted into one sentence', () => {
  it.each([
    // A verb phrase in the third person.
    [
      'GyroPOS',
      'Cuts delivery-app fees by taking orders directly.',
      'GyroPOS cuts delivery-app fees by taking orders directly.',
    ],
    [
      'Ledgerly',
      'Automatically reconciles your bank feeds',
      'Ledgerly automatically reconciles your bank feeds.',
    ],
    [
      'Ledgerly',
      'Reconciles the bank feeds of small firms',
      'Ledgerly reconciles the bank feeds of small firms.',
    ],
    [
      'Ledgerly',
      'Easily reconcile your bank feeds',
      'With Ledgerly, you can easily reconcile your bank feeds.',
    ],
    // "We …", in any case, with or without its full stop.
    [
      'Practice Pilot',
      'we fill empty appointment slots with online booking.',
      'At Practice Pilot, we fill empty appointment slots with online booking.',
    ],
    ['Crumb', 'We help bakeries sell online!', 'At Crumb, we help bakeries sell online.'],
    ['Crumb', 'Our app turns walk-ins into regulars...', 'At Crumb, our app turns walk-ins into regulars.'],
    // A noun phrase, with or without an article; an acronym or a name keeps its capitals.
    ['Glow', 'A booking app for hair salons.', 'Glow is a booking app for hair salons.'],
    [
      'Glow',
      'The easiest way to fill last-minute cancellations',
      'Glow is the easiest way to fill last-minute cancellations.',
    ],
    [
      'TruckPay',
      'POS for food trucks that works offline.',
      'TruckPay offers POS for food trucks that works offline.',
    ],
    [
      'Orderly',
      'Online ordering for independent restaurants.',
      'Orderly offers online ordering for independent restaurants.',
    ],
    ['Tabs', 'iPad ordering for cafés', 'Tabs offers iPad ordering for cafés.'],
    [
      'Desk',
      'AI receptionist that answers every call',
      'Desk offers AI receptionist that answers every call.',
    ],
    [
      'Helpdesk',
      'Support for restaurants, day and night',
      'Helpdesk offers support for restaurants, day and night.',
    ],
    // An imperative, a gerund, "you …", and a sentence that already names the venture.
    [
      'GyroPOS',
      'Take orders directly and keep every dollar.',
      'With GyroPOS, you can take orders directly and keep every dollar.',
    ],
    ['Smile', 'Helping dentists cut no-shows', "At Smile, we're helping dentists cut no-shows."],
    [
      'Orderly',
      'Your customers order straight from you.',
      'With Orderly, your customers order straight from you.',
    ],
    ['GyroPOS', 'GyroPOS takes orders directly.', 'GyroPOS takes orders directly.'],
    ['GyroPOS', '  Cuts   delivery-app fees.  ', 'GyroPOS cuts delivery-app fees.'],
  ])('%s: "%s"', (name, pitch, expected) => {
    expect(pitchSentence(name, pitch)).toBe(expected);
    const [email] = builtinContent(businessSubject(gyroShop, venture(name, pitch)), ['cold_email']);
    expect(email?.body).toContain(`\n${expected}\n`);
    expect(email?.claims).toContainEqual(
      expect.objectContaining({ text: expected, field: 'venture.value_proposition' }),
    );
    expectReadable([email as ContentItem], [name, 'The Gyro Shop']);
  });

  it('uses the description when there is no value proposition, and names no sender without a venture', () => {
    const [email] = builtinContent(
      businessSubject(gyroShop, venture('Glow', null, 'A booking app for hair salons')),
      ['cold_email'],
    );
    expect(email?.body).toContain('\nGlow is a booking app for hair salons.\n');
    expect(email?.claims.at(-1)?.field).toBe('venture.description');
    const items = builtinContent(businessSubject(gyroShop, null), KINDS);
    const text = items.map((item) => item.body).join('\n');
    expect(text).not.toContain('our team');
    expect(text).not.toMatch(/venture\./);
    expectReadable(items, ['The Gyro Shop']);
  });
});

describe('businesses of every shape', () => {
  const recipient: Recipient = {
    name: 'Anna Berg',
    firstName: 'Anna',
    role: 'Owner',
    source_url: 'https://sonne.example/impressum',
  };
  it.each<[string, BusinessFacts, Recipient | null, string[]]>([
    [
      'a merged business with two cities (semicolon)',
      business('Olive & Vine', {
        category: 'Mediterranean restaurant',
        city: 'Plano; Frisco',
        source_url: 'https://m.example/1',
      }),
      null,
      [
        'I noticed that Olive & Vine is listed as a Mediterranean restaurant.',
        'I also saw that it is based in Plano and Frisco.',
      ],
    ],
    [
      'the same city twice after a merge',
      business('Gyro Express', { city: 'Plano / plano', source_url: 'https://m.example/2' }),
      null,
      ['I noticed that Gyro Express is based in Plano.'],
    ],
    [
      'no city: the region',
      business('Pita Pit Stop', { region: 'Texas', rating: 4.2, review_count: 18 }),
      null,
      [
        'I noticed that Pita Pit Stop is based in Texas.',
        'I also saw that it has a 4.2 rating from 18 reviews.',
      ],
    ],
    [
      'no city and no region, hiring an acronym role',
      business('Alpha Dental', { software: ['WordPress', 'Stripe'], hiring: true, roles: ['HR Manager'] }),
      null,
      [
        'I noticed that Alpha Dental runs WordPress and Stripe.',
        'I also saw that it is hiring an HR Manager.',
      ],
    ],
    ['no facts at all', business('Kebab King'), null, ['I came across Kebab King recently.']],
    [
      'a named decision-maker',
      business('Bäckerei Sonne', { city: 'Berlin' }),
      recipient,
      [
        "I'm writing to you because your website names you as the Owner of Bäckerei Sonne.",
        'I noticed that Bäckerei Sonne is based in Berlin.',
      ],
    ],
    [
      'a very long name',
      business('The Original Mediterranean Gyro and Falafel House of North Dallas', { city: 'Dallas' }),
      null,
      [
        'I noticed that The Original Mediterranean Gyro and Falafel House of North Dallas is based in Dallas.',
      ],
    ],
  ])('%s', (_, facts, person, sentences) => {
    const items = builtinContent(businessSubject(facts, gyroPos, person), KINDS);
    const [email] = items;
    for (const sentence of sentences) expect(email?.body).toContain(sentence);
    expect(email?.subject?.startsWith('Quick question for ')).toBe(true);
    const fields = email?.claims.map((c) => c.field) ?? [];
    if (facts.city) expect(fields).toContain('city');
    else if (facts.region) expect(fields).toContain('region');
    else expect(fields).not.toContain('city');
    expect(fields).toContain('venture.value_proposition');
    expectReadable(items, ['GyroPOS', facts.name, ...(person ? [person.name] : [])]);
  });
});

describe('the software a business runs', () => {
  it('leads with what the venture’s ICP looks for', () => {
    const pos = { ...venture('GyroPOS', 'A till for gyro shops'), softwareSignals: ['square'] };
    const subject = businessSubject(
      business('Gyro Express', { software: ['Cloudinary', 'jQuery', 'Square'] }),
      pos,
    );
    expect(subject.facts[0]?.sentence).toBe('runs Square and Cloudinary');
  });
});

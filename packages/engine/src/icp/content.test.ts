/**
 * The built-in writer's text reads as a person would write it and send it unedited (PRODUCT.md §7
 * icp/generate_content), for any venture and any business: to the named decision-maker when there is one, in
 * plain sentences about what the business does, where, its hiring and the tools that matter to the venture —
 * never how its website is built — under 120 words with one ask, signed by the person sending it. The value
 * proposition fitted into a sentence naming the venture, several places as "Frisco and Richardson", never a
 * lower-case "i", a short subject line, and every claim a sentence of the text naming its field.
 */
import type { ContentItem, IcpProfile } from '@argo/contract';
import { describe, expect, it } from 'vitest';
import { builtinContent, businessSubject, EMAIL_WORD_LIMIT, profileSubject, wordCount } from './content';
import type { BusinessFacts, SenderFacts, VentureFacts } from './facts';
import type { Recipient } from './recipient';
import { pitchSentence } from './wording';

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

const anna: SenderFacts = { name: 'Anna Schmidt', title: 'Head of Sales' };

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

describe('from a person, to a person', () => {
  const owner: Recipient = {
    name: 'Anna Berg',
    firstName: 'Anna',
    role: 'Owner',
    source_url: 'https://sonne.example/impressum',
  };
  const sonne = business('Bäckerei Sonne', { industry: 'Food & beverages', city: 'Berlin' });

  it('greets the named decision-maker by first name and says why they are written to, citing the page', () => {
    const [email, note, call] = builtinContent(businessSubject(sonne, gyroPos, owner, anna), KINDS);
    expect(email?.body).toMatch(/^Hi Anna,\n/);
    expect(email?.body).not.toContain('team');
    expect(email?.body).toContain(
      "I came across Bäckerei Sonne while looking at food and drink producers in Berlin. Your website names you as its owner, so I'm writing to you directly.",
    );
    expect(email?.claims).toContainEqual(
      expect.objectContaining({ field: 'people', source_url: owner.source_url }),
    );
    expect(note?.body).toMatch(/^Hi Anna — /);
    expect(call?.body).toContain('May I speak with Anna Berg, the owner?');
    expectReadable([email, note, call] as ContentItem[], ['GyroPOS', 'Bäckerei Sonne', 'Anna Berg']);
  });

  it('is signed by the sender with their title and the venture; by the venture alone when no name is known', () => {
    const [email, , call] = builtinContent(businessSubject(sonne, gyroPos, null, anna), KINDS);
    expect(email?.body.endsWith('Best regards,\nAnna Schmidt\nHead of Sales, GyroPOS')).toBe(true);
    expect(call?.body).toMatch(/^Hi, this is Anna Schmidt from GyroPOS\./);
    const untitled = builtinContent(businessSubject(sonne, gyroPos, null, { name: 'Jo Park', title: null }), [
      'cold_email',
    ]);
    expect(untitled[0]?.body.endsWith('Best regards,\nJo Park\nGyroPOS')).toBe(true);
    const nobody = builtinContent(businessSubject(sonne, gyroPos, null, { name: '  ', title: 'CEO' }), [
      'cold_email',
    ]);
    expect(nobody[0]?.body.endsWith('Best regards,\nGyroPOS')).toBe(true);
  });

  it('greets the team only when no person is known', () => {
    const [email] = builtinContent(businessSubject(sonne, gyroPos, null, anna), ['cold_email']);
    expect(email?.body).toMatch(/^Hi Bäckerei Sonne team,\n/);
  });
});

describe('what matters to the offer, never how the website is built', () => {
  // Wappalyzer categories: 1 CMS, 80 WordPress themes, 67 cookie compliance, 87 WordPress plugins, 10 analytics,
  // 72 appointment scheduling, 41 payment processors.
  const hotel = business('Müritzurlauber', {
    industry: 'Hotels & accommodation',
    city: 'Waren (Müritz)',
    hiring: true,
    roles: ['Housekeeper'],
    careers_url: 'https://m.example/jobs',
    software: ['WordPress', 'aThemes Sydney', 'Cookie Notice', 'Google Analytics', 'Calendly', 'Stripe'],
    software_urls: [
      'https://m.example/',
      null,
      null,
      null,
      'https://m.example/buchen',
      'https://m.example/pay',
    ],
    software_categories: [[1, 11], [80], [67, 87], [10], [72], [41]],
  });

  it('says the industry in plain words, the hiring, and the first tool, and no infrastructure name', () => {
    const items = builtinContent(businessSubject(hotel, gyroPos, null, anna), KINDS);
    const [email] = items;
    expect(email?.body).toContain(
      "I came across Müritzurlauber while looking at hotels and guesthouses in Waren (Müritz). I also saw that you're hiring a Housekeeper. I noticed you use Calendly for appointments.",
    );
    for (const item of items) {
      expect(item.body).not.toMatch(/WordPress|Sydney|Cookie|Analytics|Hotels & accommodation|works in/);
    }
    expectReadable(items, ['GyroPOS', 'Müritzurlauber', 'Calendly']);
  });

  it('names the tools the venture’s ICP looks for, and no other tool', () => {
    const payments = {
      ...venture('Paylo', 'Cheaper card payments for hotels.'),
      softwareSignals: ['stripe'],
    };
    const [email] = builtinContent(businessSubject(hotel, payments, null, anna), ['cold_email']);
    expect(email?.body).toContain('I noticed you use Stripe for payments.');
    expect(email?.body).not.toContain('Calendly');
    const nothing = { ...payments, softwareSignals: ['square'] };
    const [plain] = builtinContent(businessSubject(hotel, nothing, null, anna), ['cold_email']);
    expect(plain?.body).not.toMatch(/Calendly|Stripe|I noticed you use/);
  });

  it('stays under 120 words whatever the value proposition, keeping one ask', () => {
    const long = venture(
      'Longwinded',
      `We help hotels ${'grow their direct bookings and cut commissions paid to online travel agents '.repeat(6)}. And more.`,
    );
    const owner: Recipient = {
      name: 'Karl Heide',
      firstName: 'Karl',
      role: 'Geschäftsführer',
      source_url: 'u',
    };
    const [email] = builtinContent(businessSubject(hotel, long, owner, anna), ['cold_email']);
    expect(wordCount(email?.body ?? '')).toBeLessThan(EMAIL_WORD_LIMIT);
    expect(email?.body).toMatch(/^Hi Karl,\n/);
    expect(email?.body).toContain('Would a 15-minute call next week be useful?');
    expect(email?.body.endsWith('Anna Schmidt\nHead of Sales, Longwinded')).toBe(true);
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

/**
 * Value propositions of every form (a verb phrase, "we …", a noun phrase, an imperative, a gerund, one naming
 * the venture) are fitted into one sentence naming the venture and cited as their field; the description stands
 * in when there is no value proposition, and without a venture the text names no sender.
 */
import type { ContentItem } from '@argo/contract';
import { describe, expect, it } from 'vitest';
import { builtinContent, businessSubject } from './content';
import { expectReadable, gyroShop, KINDS, venture } from './content.fixtures';
import { pitchSentence } from './wording';

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

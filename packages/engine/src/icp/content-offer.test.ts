/**
 * The built-in writer says only what matters to the offer: the industry in plain words, the hiring and the tools
 * the venture's ICP looks for, never how the website is built (CMS, theme, cookie banner, analytics); and a cold
 * email stays under EMAIL_WORD_LIMIT words with one ask, whatever the value proposition.
 */
import { describe, expect, it } from 'vitest';
import { builtinContent, businessSubject, EMAIL_WORD_LIMIT, wordCount } from './content';
import { anna, business, expectReadable, gyroPos, KINDS, venture } from './content.fixtures';
import type { Recipient } from './recipient';

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

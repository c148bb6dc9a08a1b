/**
 * Outreach from a person, to a person: the built-in writer greets the named decision-maker by first name and
 * says, citing the page that names them, why they are the one written to; it greets the team only when no one is
 * known, and signs with the sender's name, their title and the venture.
 */
import type { ContentItem } from '@argo/contract';
import { describe, expect, it } from 'vitest';
import { builtinContent, businessSubject } from './content';
import { anna, business, expectReadable, gyroPos, KINDS } from './content.fixtures';
import type { Recipient } from './recipient';

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

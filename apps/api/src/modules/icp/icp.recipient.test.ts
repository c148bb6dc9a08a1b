/**
 * Outreach content addresses the named decision-maker, on the real database with the built-in
 * writer: by first name and role, citing the page that names them; never someone whose address is suppressed;
 * nothing at all for a business whose domain is suppressed.
 */
import type { LanguageModel } from '@argo/engine';
import { type BusinessFacts, businessSubject, modelContent } from '@argo/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { TestUser } from '../access/access.fixtures';
import { type PeopleSession, seedPeopleSession } from '../people/people.fixtures';

let s: PeopleSession;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  s = await seedPeopleSession();
  ({ t, admin } = s);
});
afterAll(() => t?.close());

const generate = (name: string) =>
  t.call('POST', '/api/icp/generate_content', { token: admin.token, body: { business_id: s.ids[name] } });

async function suppress(values: string[]) {
  const res = await t.call('POST', '/api/accounts/suppressions', { token: admin.token, body: { values } });
  expect(res.status).toBe(201);
  return async () => {
    for (const entry of res.body) {
      await t.call('DELETE', `/api/accounts/suppressions/${entry.id}`, { token: admin.token });
    }
  };
}

describe('outreach content for a business with a named decision-maker', () => {
  it('greets them by first name, says their role, and cites the page naming them in every kind', async () => {
    const res = await generate('Bäckerei Sonne');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [email, note, opener] = res.body.items;
    expect(email.body).toMatch(/^Hi Anna,\n/);
    expect(email.body).toContain("Your website names you as its owner, so I'm writing to you directly.");
    expect(note.body).toMatch(/^Hi Anna — /);
    // The site's German role in the English text's words.
    expect(opener.body).toContain('May I speak with Anna Berg, the owner?');
    for (const item of [email, note, opener]) {
      expect(item.claims).toContainEqual(
        expect.objectContaining({
          field: 'people',
          business_id: s.ids['Bäckerei Sonne'],
          source_url: 'https://sonne.example/impressum',
        }),
      );
    }
    // Never an address in the text, found or guessed.
    expect(JSON.stringify(res.body)).not.toMatch(/@sonne\.example/);
  });

  it('addresses an executive by the first name of a name with a particle', async () => {
    const [email] = (await generate('Kanzlei Weber')).body.items;
    expect(email.body).toMatch(/^Hi Jonas,\n/);
    expect(email.body).toContain('Your website names you as its managing director');
  });

  it('greets the business when nobody decides, or when the decision-maker is suppressed', async () => {
    const [nobody] = (await generate('Salon Lux')).body.items;
    expect(nobody.body).toMatch(/^Hi Salon Lux team,\n/);
    expect(nobody.claims.map((c: { field: string }) => c.field)).not.toContain('people');
    const undo = await suppress(['anna.berg@sonne.example']);
    const res = await generate('Bäckerei Sonne');
    expect(res.status).toBe(200);
    expect(res.body.items[0].body).toMatch(/^Hi Bäckerei Sonne team,\n/);
    expect(JSON.stringify(res.body)).not.toContain('Anna');
    await undo();
  });

  it('writes nothing for a business whose domain is suppressed', async () => {
    const undo = await suppress(['weber.example']);
    const res = await generate('Kanzlei Weber');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      "Kanzlei Weber's domain weber.example is on your suppression list, so Argo writes no outreach to it.",
    );
    await undo();
  });
});

describe('a model writing to a named decision-maker', () => {
  const business = {
    id: '00000000-0000-4000-8000-000000000123',
    name: 'Bäckerei Sonne',
    website: 'https://sonne.example/',
    city: 'Berlin',
    software: [],
    roles: [],
  } as unknown as BusinessFacts;
  const recipient = {
    name: 'Anna Berg',
    firstName: 'Anna',
    role: 'Inhaberin',
    source_url: 'https://sonne.example/impressum',
  };
  const subject = businessSubject(business, null, recipient);
  const answering = (body: string): LanguageModel => ({
    name: 'test-model',
    complete: async <T>() => ({ items: [{ kind: 'linkedin_note', subject: null, body, claims: [] }] }) as T,
  });

  it('is told who they are, and the page naming them is cited even when the model forgets to', async () => {
    const [note] = await modelContent(answering('Hi Anna, congrats on the bakery.'), subject, [
      'linkedin_note',
    ]);
    expect(note?.claims).toEqual([
      {
        text: 'Anna Berg',
        field: 'people',
        business_id: business.id,
        source_url: 'https://sonne.example/impressum',
      },
    ]);
  });

  it('is rejected when it does not address them (the built-in text is used then)', async () => {
    await expect(modelContent(answering('Hello there.'), subject, ['linkedin_note'])).rejects.toThrow(
      'does not address Anna Berg',
    );
  });
});

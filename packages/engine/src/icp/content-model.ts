/**
 * Outreach content written by a configured language model (content.ts): freer text from the same numbered facts
 * the built-in writer uses. The model must cite a fact for every claim; an answer that lacks a requested kind,
 * cites a fact that does not exist or does not address the named decision-maker is rejected, and the caller uses
 * the built-in text instead. Naming the person always rests on the page that names them.
 */
import type { Claim, ContentItem, ContentKind } from '@argo/contract';
import { z } from 'zod';
import type { LanguageModel } from '../llm/language-model';
import { type ContentSubject, claimOf } from './content-subject';

const ModelContent = z.object({
  items: z
    .array(
      z.object({
        kind: z.enum(['cold_email', 'linkedin_note', 'call_opener']),
        subject: z.string().nullable(),
        body: z.string().min(1),
        claims: z.array(z.object({ text: z.string().min(1), fact_id: z.string() })),
      }),
    )
    .min(1),
});

/** The model's writing, checked: every requested kind once, every claim citing a listed fact; else throws. */
export async function modelContent(
  model: LanguageModel,
  subject: ContentSubject,
  kinds: readonly ContentKind[],
  signal?: AbortSignal,
): Promise<ContentItem[]> {
  const facts = subject.facts.map((f) => ({
    id: f.id,
    field: f.field,
    fact: `${subject.audience} ${f.sentence}`,
  }));
  const person = subject.sender.person;
  const answer = await model.complete({
    system:
      'You write short, specific B2B outreach. Use ONLY the facts given; never invent names, numbers or claims. ' +
      'Every statement about the recipient must cite the id of the fact it rests on in `claims`. ' +
      'When a person is given, address them by first name and cite their fact_id. ' +
      'Never mention how their website is built (CMS, themes, plugins, cookie banners, analytics). ' +
      'cold_email: a subject and a body under 120 words with one clear ask, signed with the sender’s name and ' +
      'title. linkedin_note: under 300 characters, subject null. call_opener: two or three spoken sentences, ' +
      'subject null.',
    user: JSON.stringify({
      recipient: subject.audience,
      // The named decision-maker to address by name and role; their fact must be cited where they are named.
      ...(subject.recipient
        ? {
            person: {
              name: subject.recipient.person.name,
              role: subject.recipient.person.role,
              fact_id: subject.recipient.fact.id,
            },
          }
        : {}),
      greeting: subject.greeting,
      sender: {
        company: subject.sender.named === false ? null : subject.sender.name,
        pitch: subject.sender.pitch,
        ...(person ? { name: person.name, title: person.title } : {}),
      },
      kinds,
      facts,
    }),
    schema: ModelContent,
    schemaName: 'outreach_content',
    maxTokens: 1200,
    ...(signal ? { signal } : {}),
  });
  const byId = new Map(subject.facts.map((f) => [f.id, f]));
  const items: ContentItem[] = [];
  for (const kind of kinds) {
    const item = answer.items.find((i) => i.kind === kind);
    if (!item) throw new Error(`the model gave no ${kind}`);
    const claims = item.claims.map((c): Claim => {
      const fact = byId.get(c.fact_id);
      if (!fact) throw new Error(`the model cited an unknown fact "${c.fact_id}"`);
      return claimOf(fact, c.text);
    });
    const to = subject.recipient;
    if (to) {
      const { name, firstName } = to.person;
      if (!item.body.includes(firstName) && !item.body.includes(name)) {
        throw new Error(`the model's ${kind} does not address ${name}`);
      }
      // Naming the person rests on the page that names them, cited or not by the model.
      if (!claims.some((c) => c.field === to.fact.field)) claims.push(claimOf(to.fact, name));
    }
    items.push({
      kind,
      subject: kind === 'cold_email' ? (item.subject ?? `${subject.audience}`) : null,
      body: kind === 'linkedin_note' ? item.body.slice(0, 300) : item.body,
      claims,
    });
  }
  return items;
}

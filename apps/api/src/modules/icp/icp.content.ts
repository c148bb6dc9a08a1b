/**
 * Outreach content (PRODUCT.md §7 icp/generate_content): a cold email, a LinkedIn note and a call opener for one
 * business or one profile, grounded only in stored facts. Every fact the text uses becomes a claim naming the
 * field it came from and, where there is one, the page it was read on.
 *
 * The built-in writer fills templates with the facts. A configured model writes freer text from the same list of
 * numbered facts and must cite a fact for every claim; an answer citing a fact that does not exist is rejected
 * and the built-in text is used instead.
 */
import type { Claim, ContentItem, ContentKind, IcpProfile } from '@argo/contract';
import type { LanguageModel } from '@argo/engine';
import { z } from 'zod';
import type { Recipient } from './icp.recipient';
import type { BusinessFacts, VentureFacts } from './icp.repository';

/** One stored fact the text may rest on. `sentence` is how the built-in writer states it. */
export interface Fact {
  id: string;
  field: string;
  /** The fact as a short phrase, e.g. "runs WordPress". */
  sentence: string;
  business_id: string | null;
  source_url: string | null;
}

export interface ContentSubject {
  /** Who the text is to: the business name, or the profile's audience ("Healthcare businesses in Leeds"). */
  audience: string;
  kind: 'business' | 'profile';
  /** The greeting name: the business, or a placeholder for a profile's template. */
  greeting: string;
  facts: Fact[];
  sender: { name: string; pitch: string | null; pitchField: string | null };
  /** The named decision-maker the text addresses, and the fact naming them (cited by every kind). */
  recipient?: { person: Recipient; fact: Fact } | undefined;
}

function senderOf(venture: VentureFacts | null): ContentSubject['sender'] {
  if (!venture) return { name: 'our team', pitch: null, pitchField: null };
  if (venture.valueProposition)
    return { name: venture.name, pitch: venture.valueProposition, pitchField: 'venture.value_proposition' };
  if (venture.description)
    return { name: venture.name, pitch: venture.description, pitchField: 'venture.description' };
  return { name: venture.name, pitch: null, pitchField: null };
}

const first = <T>(list: readonly T[]): T | undefined => list[0];

/**
 * The facts of one business, most telling first. With a recipient, the text greets them by first name and says
 * (citing the page that names them) why they are the one written to.
 */
export function businessSubject(
  b: BusinessFacts,
  venture: VentureFacts | null,
  recipient: Recipient | null = null,
): ContentSubject {
  const facts: Fact[] = [];
  const add = (field: string, sentence: string, source_url: string | null) =>
    facts.push({ id: `F${facts.length + 1}`, field, sentence, business_id: b.id, source_url });
  const place = b.city ?? b.region;
  if (b.software.length > 0) {
    const names = b.software.slice(0, 2);
    add('software', `runs ${names.join(' and ')}`, first(b.software_urls) ?? b.website);
  }
  if (b.hiring === true) {
    const role = first(b.roles);
    add('hiring', role ? `is hiring a ${role}` : 'is hiring', b.careers_url);
  }
  if (b.industry) add('industry', `works in ${b.industry}`, b.summary_url ?? b.website);
  else if (b.category) add('category', `is listed as ${b.category}`, b.source_url);
  if (place) add(b.city ? 'city' : 'region', `is based in ${place}`, b.source_url ?? b.website);
  if (b.rating !== null && b.review_count !== null && b.review_count > 0) {
    add('rating', `has a ${b.rating} rating from ${b.review_count} reviews`, b.source_url);
  }
  const named: Fact | undefined = recipient
    ? {
        id: `F${facts.length + 1}`,
        field: 'people',
        sentence: `${recipient.name} is ${recipient.role} of ${b.name}`,
        business_id: b.id,
        source_url: recipient.source_url,
      }
    : undefined;
  if (named) facts.push(named);
  return {
    audience: b.name,
    kind: 'business',
    greeting: recipient ? recipient.firstName : `${b.name} team`,
    facts,
    sender: senderOf(venture),
    recipient: recipient && named ? { person: recipient, fact: named } : undefined,
  };
}

/** The facts of a profile: its criteria, its size and its example businesses. */
export function profileSubject(
  profile: IcpProfile,
  examples: BusinessFacts[],
  venture: VentureFacts | null,
): ContentSubject {
  const facts: Fact[] = [];
  const add = (
    field: string,
    sentence: string,
    business_id: string | null = null,
    source_url: string | null = null,
  ) => facts.push({ id: `F${facts.length + 1}`, field, sentence, business_id, source_url });
  const c = profile.criteria;
  const industry = c.industries.join(' / ') || c.keywords.join(' / ') || 'businesses';
  const place = c.locations.join(' / ');
  const audience = `${industry}${place ? ` in ${place}` : ''}`;
  if (c.software_signals.length)
    add('criteria.software_signals', `runs ${c.software_signals.slice(0, 2).join(' and ')}`);
  if (c.hiring_signal === true) add('criteria.hiring_signal', 'is hiring');
  if (c.industries.length) add('criteria.industries', `works in ${c.industries.join(' / ')}`);
  if (place) add('criteria.locations', `is based in ${place}`);
  if (c.employee_min !== null && c.employee_max !== null) {
    add('criteria.employee_min', `has about ${c.employee_min}–${c.employee_max} employees`);
  }
  const example = first(examples);
  if (example) add('examples', `is like ${example.name}`, example.id, example.website ?? example.source_url);
  return {
    audience,
    kind: 'profile',
    greeting: '{{first_name}}',
    facts,
    sender: senderOf(venture),
  };
}

const claimOf = (fact: Fact, text: string): Claim => ({
  text,
  field: fact.field,
  business_id: fact.business_id,
  source_url: fact.source_url,
});

/** The built-in writer: each template sentence states one fact and records it as a claim. */
export function builtinContent(subject: ContentSubject, kinds: readonly ContentKind[]): ContentItem[] {
  const { sender, recipient } = subject;
  const who = subject.kind === 'business' ? subject.audience : 'your business';
  // The fact naming the recipient is said in its own sentence, not as an observation about the business.
  const [lead, second] = subject.facts.filter((fact) => fact !== recipient?.fact);
  const to = recipient?.person;
  const addressed = to
    ? `I'm writing to you as ${to.role} of ${subject.audience}, as your website names you.`
    : null;
  const toClaims = (line: string): Claim[] => (recipient ? [claimOf(recipient.fact, line)] : []);
  const observation = (fact: Fact | undefined) =>
    fact
      ? `I noticed that ${who} ${fact.sentence}.`
      : `I came across ${who} while researching ${subject.audience}.`;
  const pitch = sender.pitch
    ? `At ${sender.name}, ${sender.pitch.replace(/\.$/, '')}.`
    : `I work with ${sender.name}, and we help businesses like yours.`;
  const pitchClaims: Claim[] =
    sender.pitch && sender.pitchField
      ? [{ text: pitch, field: sender.pitchField, business_id: null, source_url: null }]
      : [];

  return kinds.map((kind): ContentItem => {
    switch (kind) {
      case 'cold_email': {
        const lines = [observation(lead)];
        const claims = lead ? [claimOf(lead, lines[0] as string)] : [];
        if (addressed) {
          lines.unshift(addressed);
          claims.unshift(...toClaims(addressed));
        }
        if (second) {
          const line = `I also saw that ${who} ${second.sentence}.`;
          lines.push(line);
          claims.push(claimOf(second, line));
        }
        const topic = lead ? lead.sentence.replace(/^(runs|is|works in|has) /, '') : subject.audience;
        return {
          kind,
          subject: `${subject.kind === 'business' ? subject.audience : 'A question'}: ${topic}`.slice(0, 120),
          body: [
            `Hi ${subject.greeting},`,
            '',
            lines.join(' '),
            '',
            pitch,
            'Would a 15-minute call next week be useful?',
            '',
            'Best regards,',
            sender.name,
          ].join('\n'),
          claims: [...claims, ...pitchClaims],
        };
      }
      case 'linkedin_note': {
        const line = lead
          ? `Hi ${subject.greeting} — I saw that ${who} ${lead.sentence}.`
          : `Hi ${subject.greeting} — I came across ${who}.`;
        const body = `${line} I'm with ${sender.name}; happy to connect and share what we see working for ${subject.audience}.`;
        return {
          kind,
          subject: null,
          // LinkedIn connection notes allow 300 characters.
          body: body.length <= 300 ? body : `${line.slice(0, 297)}…`,
          claims: [...(lead ? [claimOf(lead, line)] : []), ...toClaims(line)],
        };
      }
      default: {
        const reason = lead
          ? `I noticed that ${who} ${lead.sentence}`
          : `I was looking at ${subject.audience}`;
        const ask = to ? ` May I speak with ${to.name}, the ${to.role}?` : '';
        const line = `Hi, this is … from ${sender.name}.${ask} I'm calling because ${reason.charAt(0).toLowerCase()}${reason.slice(1)}. Do you have two minutes?`;
        return {
          kind,
          subject: null,
          body: line,
          claims: [...(lead ? [claimOf(lead, line)] : []), ...toClaims(line)],
        };
      }
    }
  });
}

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
  const answer = await model.complete({
    system:
      'You write short, specific B2B outreach. Use ONLY the facts given; never invent names, numbers or claims. ' +
      'Every statement about the recipient must cite the id of the fact it rests on in `claims`. ' +
      'When a person is given, address them by name and role and cite their fact_id. ' +
      'cold_email: a subject and a body under 120 words. linkedin_note: under 300 characters, subject null. ' +
      'call_opener: two or three spoken sentences, subject null.',
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
      sender: { name: subject.sender.name, pitch: subject.sender.pitch },
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
    const person = subject.recipient;
    if (person) {
      const { name, firstName } = person.person;
      if (!item.body.includes(firstName) && !item.body.includes(name)) {
        throw new Error(`the model's ${kind} does not address ${name}`);
      }
      // Naming the person rests on the page that names them, cited or not by the model.
      if (!claims.some((c) => c.field === person.fact.field)) claims.push(claimOf(person.fact, name));
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

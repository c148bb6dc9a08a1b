/**
 * Outreach content (PRODUCT.md §7 icp/generate_content): a cold email, a LinkedIn note and a call opener for one
 * business or one profile, grounded only in stored facts. Every fact the text uses becomes a claim naming the
 * field it came from and, where there is one, the page it was read on.
 *
 * The built-in writer fills templates with the facts. A configured model writes freer text from the same list of
 * numbered facts and must cite a fact for every claim; an answer citing a fact that does not exist is rejected
 * and the built-in text is used instead.
 */
import {
  type Claim,
  type ContentItem,
  type ContentKind,
  employeeRangeText,
  type IcpProfile,
} from '@argo/contract';
import type { LanguageModel } from '@argo/engine';
import { z } from 'zod';
import type { Recipient } from './icp.recipient';
import type { BusinessFacts, VentureFacts } from './icp.repository';
import { listOf, lowerFirst, pitchSentence, valuesOf, withArticle } from './icp.wording';

/** One stored fact the text may rest on. `sentence` is how the built-in writer states it. */
export interface Fact {
  id: string;
  field: string;
  /** The fact as a short phrase, e.g. "runs WordPress". */
  sentence: string;
  /**
   * How the built-in writer says it when "I noticed that <who> <sentence>" would not read naturally, as a whole
   * sentence without its full stop ("Businesses like The Gyro Shop came up in my research").
   */
  observation?: string;
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
  /** `named` is false when the caller may not see the venture: the text then names no sender. */
  sender: { name: string; pitch: string | null; pitchField: string | null; named?: boolean };
  /** The named decision-maker the text addresses, and the fact naming them (cited by every kind). */
  recipient?: { person: Recipient; fact: Fact } | undefined;
}

function senderOf(venture: VentureFacts | null): ContentSubject['sender'] {
  if (!venture) return { name: 'our team', pitch: null, pitchField: null, named: false };
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
  // A merged business may hold two places ("Frisco / Richardson"): said as "Frisco and Richardson".
  const place = listOf(valuesOf(b.city ?? b.region));
  if (b.software.length > 0) {
    // What the venture's ICP looks for leads: "runs Cloudinary" (an image CDN) says nothing to a POS maker.
    const wanted = new Set((venture?.softwareSignals ?? []).map((name) => name.toLowerCase()));
    const names = [
      ...b.software.filter((name) => wanted.has(name.toLowerCase())),
      ...b.software.filter((name) => !wanted.has(name.toLowerCase())),
    ].slice(0, 2);
    add('software', `runs ${names.join(' and ')}`, first(b.software_urls) ?? b.website);
  }
  if (b.hiring === true) {
    const role = first(b.roles);
    add('hiring', role ? `is hiring ${withArticle(role)}` : 'is hiring', b.careers_url);
  }
  if (b.industry) add('industry', `works in ${b.industry}`, b.summary_url ?? b.website);
  else if (b.category) add('category', `is listed as ${withArticle(b.category)}`, b.source_url);
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
    // "Hi Gyro Shop team", not "Hi The Gyro Shop team".
    greeting: recipient ? recipient.firstName : `${b.name.replace(/^the\s+(?=\S)/i, '')} team`,
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
  const industry = listOf(c.industries) || listOf(c.keywords) || 'businesses';
  const locations = c.locations.flatMap(valuesOf);
  const place = listOf(locations);
  const audience = `${industry}${place ? ` in ${place}` : ''}`;
  if (c.software_signals.length)
    add('criteria.software_signals', `runs ${c.software_signals.slice(0, 2).join(' and ')}`);
  if (c.hiring_signal === true) add('criteria.hiring_signal', 'is hiring');
  // The text goes to one business of the profile: it works in one of the industries, is in one of the places.
  if (c.industries.length) add('criteria.industries', `works in ${listOf(c.industries, 'or')}`);
  if (locations.length === 1) add('criteria.locations', `is based in ${place}`);
  else if (locations.length > 1) {
    add('criteria.locations', `is based in ${listOf(locations, 'or')}`);
    (facts[facts.length - 1] as Fact).observation = `I've been looking at businesses in ${place}`;
  }
  if (c.employee_min !== null && c.employee_max !== null) {
    add('criteria.employee_min', `has about ${employeeRangeText(c.employee_min, c.employee_max)}`);
  }
  const example = first(examples);
  if (example) {
    add('examples', `is like ${example.name}`, example.id, example.website ?? example.source_url);
    (facts[facts.length - 1] as Fact).observation = `Businesses like ${example.name} came up in my research`;
  }
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

/** A short subject line: at most this many characters. */
export const SUBJECT_MAX = 60;

/** "Quick question for <name>", the name cut at a word when the line would be longer than SUBJECT_MAX. */
function subjectLine(subject: ContentSubject): string {
  if (subject.kind === 'profile') return `Quick question, ${subject.greeting}`;
  const lead = 'Quick question for ';
  const room = SUBJECT_MAX - lead.length;
  if (subject.audience.length <= room) return `${lead}${subject.audience}`;
  const cut = subject.audience.slice(0, room - 1);
  const atWord = cut.lastIndexOf(' ') > room / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  return `${lead}${atWord.replace(/[\s,;:.-]+$/, '')}…`;
}

/**
 * The built-in writer: each template sentence states one fact and records it as a claim. Stored values are fitted
 * into the sentences (icp.wording.ts): several places as "Frisco and Richardson", the value proposition as a
 * sentence naming the venture, never a lower-case "I".
 */
export function builtinContent(subject: ContentSubject, kinds: readonly ContentKind[]): ContentItem[] {
  const { sender, recipient } = subject;
  const named = sender.named !== false;
  const who = subject.kind === 'business' ? subject.audience : 'your business';
  // Said again in the same paragraph, the business is "it".
  const again = subject.kind === 'business' ? 'it' : 'your business';
  // The fact naming the recipient is said in its own sentence, not as an observation about the business.
  const [lead, second] = subject.facts.filter((fact) => fact !== recipient?.fact);
  const to = recipient?.person;
  const addressed = to
    ? `I'm writing to you because your website names you as the ${to.role} of ${subject.audience}.`
    : null;
  const toClaims = (line: string): Claim[] => (recipient ? [claimOf(recipient.fact, line)] : []);
  // A fact as a sentence of its own (no full stop), and as a clause after "because" or a dash.
  const said = (fact: Fact, seen: string, subjectWord: string) =>
    fact.observation ?? `I ${seen} that ${subjectWord} ${fact.sentence}`;
  const inline = (sentence: string) => lowerFirst(sentence);
  const observation = (fact: Fact | undefined) =>
    fact
      ? `${said(fact, 'noticed', who)}.`
      : subject.kind === 'business'
        ? `I came across ${who} recently.`
        : "I've been looking at businesses like yours.";
  const pitch = sender.pitch ? pitchSentence(sender.name, sender.pitch) : '';
  const intro = pitch
    ? pitch
    : named
      ? `I'm with ${sender.name}, and we work with businesses like yours.`
      : "I'd be glad to show you what we do for businesses like yours.";
  const pitchClaims = (text: string): Claim[] =>
    pitch && sender.pitchField
      ? [{ text, field: sender.pitchField, business_id: null, source_url: null }]
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
          const line = `${said(second, 'also saw', again)}.`;
          lines.push(line);
          claims.push(claimOf(second, line));
        }
        return {
          kind,
          subject: subjectLine(subject),
          body: [
            `Hi ${subject.greeting},`,
            '',
            lines.join(' '),
            '',
            intro,
            'Would a 15-minute call next week be useful?',
            '',
            'Best regards,',
            ...(named ? [sender.name] : []),
          ].join('\n'),
          claims: [...claims, ...pitchClaims(pitch)],
        };
      }
      case 'linkedin_note': {
        const line = lead
          ? `Hi ${subject.greeting} — ${inline(said(lead, 'saw', who))}.`
          : `Hi ${subject.greeting} — I came across ${who}.`;
        const claims = [...(lead ? [claimOf(lead, line)] : []), ...toClaims(line)];
        const close = named ? `I'm with ${sender.name} and would be glad to connect.` : 'Happy to connect.';
        // LinkedIn connection notes allow 300 characters: the value proposition when it fits.
        const withPitch = pitch ? `${line} ${pitch} Happy to connect.` : '';
        if (withPitch && withPitch.length <= 300) {
          return { kind, subject: null, body: withPitch, claims: [...claims, ...pitchClaims(pitch)] };
        }
        const body = `${line} ${close}`;
        return {
          kind,
          subject: null,
          body: body.length <= 300 ? body : `${line.slice(0, 297)}…`,
          claims,
        };
      }
      default: {
        const reason = lead ? inline(said(lead, 'noticed', who)) : `I was looking at ${subject.audience}`;
        const ask = to ? ` May I speak with ${to.name}, the ${to.role}?` : '';
        const from = named ? ` from ${sender.name}` : '';
        const line = `Hi, this is …${from}.${ask} I'm calling because ${reason}. Do you have two minutes?`;
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

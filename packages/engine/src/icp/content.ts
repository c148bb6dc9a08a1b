/**
 * Outreach content (PRODUCT.md §7 icp/generate_content): a cold email, a LinkedIn note and a call opener for one
 * business or one profile, grounded only in stored facts. Every fact the text uses becomes a claim naming the
 * field it came from and, where there is one, the page it was read on.
 *
 * What the texts say is what a salesperson would send unedited:
 * - to the named decision-maker when the site names one ("Hi Anna,"); a team greeting only when no one is known;
 * - in plain sentences, only what matters to the offer: what the business does and where, that it is hiring,
 *   and the business tools relevant to the venture (business-tools.ts) — never how its website is built
 *   (WordPress, a theme, a plugin, a cookie banner, analytics);
 * - a cold email under EMAIL_WORD_LIMIT words with one ask, signed by the person sending it (their name and
 *   title, and the venture).
 *
 * The built-in writer composes those sentences. A configured model writes freer text from the same numbered
 * facts and must cite a fact for every claim; an answer citing a fact that does not exist is rejected and the
 * built-in text is used instead.
 */
import {
  type Claim,
  type ContentItem,
  type ContentKind,
  employeeRangeText,
  type IcpProfile,
} from '@argo/contract';
import { z } from 'zod';
import type { LanguageModel } from '../llm/language-model';
import { BUSINESS_TOOL_CATEGORIES, businessToolsOf } from './business-tools';
import type { BusinessFacts, SenderFacts, VentureFacts } from './facts';
import { industryPluralLower, lowerWords, pluralOfCategory } from './industry-words';
import type { Recipient } from './recipient';
import { listOf, lowerFirst, pitchSentence, valuesOf, withArticle } from './wording';

/** A cold email's body stays under this many words (greeting and signature included). */
export const EMAIL_WORD_LIMIT = 120;

/** One stored fact the text may rest on. `sentence` is how it is said after the business's name. */
interface Fact {
  id: string;
  field: string;
  /** The fact as a short phrase after the business's name, e.g. "is hiring a Dental Nurse". */
  sentence: string;
  business_id: string | null;
  source_url: string | null;
}

export interface ContentSubject {
  /** Who the text is to: the business name, or the profile's audience ("dental practices in Leeds"). */
  audience: string;
  kind: 'business' | 'profile';
  /** The greeting name: the recipient's, the business's team, or a placeholder for a profile's template. */
  greeting: string;
  facts: Fact[];
  /** The built-in text's sentences, each with the facts it states (also given to the model as a guide). */
  lines: Line[];
  /** `named` is false when the caller may not see the venture: the text then names no venture. */
  sender: {
    name: string;
    pitch: string | null;
    pitchField: string | null;
    named?: boolean;
    /** The person sending it (the signed-in user); null when unknown. */
    person?: { name: string; title: string | null } | null;
  };
  /** The named decision-maker the text addresses, and the fact naming them (cited by every kind). */
  recipient?: { person: Recipient; fact: Fact } | undefined;
}

/** One sentence of the built-in text and the facts it states; `role` says where it goes. */
interface Line {
  role: 'lead' | 'addressed' | 'hiring' | 'tools' | 'example';
  text: string;
  facts: Fact[];
}

function senderOf(venture: VentureFacts | null, person: SenderFacts | null): ContentSubject['sender'] {
  const name = person?.name?.trim();
  const who = name ? { name, title: person?.title?.trim() || null } : null;
  if (!venture) return { name: 'our team', pitch: null, pitchField: null, named: false, person: who };
  if (venture.valueProposition)
    return {
      name: venture.name,
      pitch: venture.valueProposition,
      pitchField: 'venture.value_proposition',
      person: who,
    };
  if (venture.description)
    return { name: venture.name, pitch: venture.description, pitchField: 'venture.description', person: who };
  return { name: venture.name, pitch: null, pitchField: null, person: who };
}

const first = <T>(list: readonly T[]): T | undefined => list[0];

/** What a tool of these categories is used for, said after its name ("Calendly for appointments"). */
// biome-ignore format: one table
const TOOL_PURPOSE: Readonly<Record<number, string>> = {
  6: 'for your online shop', 32: 'for your marketing', 41: 'for payments', 52: 'to chat with customers',
  53: 'as your CRM', 55: 'for your accounting', 72: 'for appointments', 75: 'for your newsletter',
  84: 'for your loyalty programme', 90: 'for reviews', 93: 'for reservations', 101: 'for recruiting',
  104: 'for ticket sales',
};

/**
 * The tools worth saying to this venture: those its ICP looks for (its software signals), or, when it names
 * none, the first tool the business runs. A booking maker cares about Calendly, not about a newsletter tool.
 */
function relevantTools(b: BusinessFacts, venture: VentureFacts | null) {
  const categories = new Map(b.software.map((name, i) => [name, b.software_categories?.[i] ?? []]));
  const tools = businessToolsOf(b).map((tool) => ({ ...tool, categories: categories.get(tool.name) ?? [] }));
  const signals = (venture?.softwareSignals ?? []).map((s) => s.toLowerCase().trim()).filter(Boolean);
  if (signals.length === 0) return tools.slice(0, 1);
  const matches = (tool: { name: string; categories: number[] }) => {
    const name = tool.name.toLowerCase();
    return signals.some(
      (s) =>
        name === s ||
        name.includes(s) ||
        tool.categories.some((id) => BUSINESS_TOOL_CATEGORIES[id]?.toLowerCase() === s),
    );
  };
  return tools.filter(matches).slice(0, 2);
}

/** "Calendly for appointments" (the first purpose its categories have), else just the name. */
function toolPhrase(tool: { name: string; categories: number[] }): string {
  const purpose = tool.categories.map((id) => TOOL_PURPOSE[id]).find(Boolean);
  return purpose ? `${tool.name} ${purpose}` : tool.name;
}

/** "Hi Gyro Shop team", not "Hi The Gyro Shop team". */
const teamGreeting = (name: string) => `${name.replace(/^the\s+(?=\S)/i, '')} team`;

/**
 * The facts of one business, most telling first, and the sentences the built-in writer says them in. With a
 * recipient, the text greets them by first name and says (citing the page that names them) why they are the one
 * written to.
 */
export function businessSubject(
  b: BusinessFacts,
  venture: VentureFacts | null,
  recipient: Recipient | null = null,
  sender: SenderFacts | null = null,
): ContentSubject {
  const facts: Fact[] = [];
  const add = (field: string, sentence: string, source_url: string | null): Fact => {
    const fact = { id: `F${facts.length + 1}`, field, sentence, business_id: b.id, source_url };
    facts.push(fact);
    return fact;
  };
  const lines: Line[] = [];
  // A merged business may hold two places ("Frisco / Richardson"): said as "Frisco and Richardson".
  const placeField = b.city ? 'city' : 'region';
  const place = listOf(valuesOf(b.city ?? b.region));
  const what = b.industry && b.industry !== 'Other' ? industryPluralLower(b.industry) : null;
  const listed = !what && b.category?.trim() ? lowerWords(pluralOfCategory(b.category)) : null;

  const whatFact = what
    ? add('industry', `works in ${b.industry}`, b.summary_url ?? b.website)
    : listed
      ? add('category', `is listed as ${withArticle(b.category?.trim() ?? '')}`, b.source_url)
      : null;
  const placeFact = place ? add(placeField, `is based in ${place}`, b.source_url ?? b.website) : null;
  const looking = [what ?? listed ?? (place ? 'businesses' : null), place ? `in ${place}` : null]
    .filter(Boolean)
    .join(' ');
  lines.push({
    role: 'lead',
    text: looking
      ? `I came across ${b.name} while looking at ${looking}.`
      : `I came across ${b.name} recently.`,
    facts: [whatFact, placeFact].filter((f): f is Fact => f !== null),
  });

  if (b.hiring === true) {
    // A role said in the text reads as a job title: a few words, no markup left over ("smart_toy Agente AI").
    const role = b.roles.find((r) => /\p{L}/u.test(r) && !/[_<>{}|]/.test(r) && r.split(/\s+/).length <= 6);
    const fact = add('hiring', role ? `is hiring ${withArticle(role)}` : 'is hiring', b.careers_url);
    lines.push({
      role: 'hiring',
      text: role ? `I also saw that you're hiring ${withArticle(role)}.` : "I also saw that you're hiring.",
      facts: [fact],
    });
  }

  const tools = relevantTools(b, venture);
  if (tools.length > 0) {
    const fact = add('software', `uses ${listOf(tools.map((t) => t.name))}`, first(tools)?.url ?? b.website);
    lines.push({
      role: 'tools',
      text: `I noticed you use ${listOf(tools.map(toolPhrase))}.`,
      facts: [fact],
    });
  }

  if (b.rating !== null && b.review_count !== null && b.review_count > 0) {
    add('rating', `has a ${b.rating} rating from ${b.review_count} reviews`, b.source_url);
  }

  const named: Fact | undefined = recipient
    ? add(
        'people',
        recipient.role ? `${recipient.name} is ${recipient.role} of ${b.name}` : `names ${recipient.name}`,
        recipient.source_url,
      )
    : undefined;
  if (recipient && named) {
    lines.splice(1, 0, {
      role: 'addressed',
      text: recipient.role
        ? `Your website names you as its ${lowerFirst(recipient.role)}, so I'm writing to you directly.`
        : "I found your name on the website, so I'm writing to you directly.",
      facts: [named],
    });
  }
  return {
    audience: b.name,
    kind: 'business',
    greeting: recipient ? recipient.firstName : teamGreeting(b.name),
    facts,
    lines,
    sender: senderOf(venture, sender),
    recipient: recipient && named ? { person: recipient, fact: named } : undefined,
  };
}

/** The facts of a profile: its criteria, its size and its example businesses. */
export function profileSubject(
  profile: IcpProfile,
  examples: BusinessFacts[],
  venture: VentureFacts | null,
  sender: SenderFacts | null = null,
): ContentSubject {
  const facts: Fact[] = [];
  const add = (
    field: string,
    sentence: string,
    business_id: string | null = null,
    source_url: string | null = null,
  ): Fact => {
    const fact = { id: `F${facts.length + 1}`, field, sentence, business_id, source_url };
    facts.push(fact);
    return fact;
  };
  const c = profile.criteria;
  const industries = c.industries.filter((i) => i !== 'Other');
  const what = industries.length
    ? listOf(industries.map(industryPluralLower), 'or')
    : c.keywords.length
      ? listOf(
          c.keywords.map((k) => lowerWords(pluralOfCategory(k))),
          'or',
        )
      : 'businesses';
  const locations = c.locations.flatMap(valuesOf);
  const place = listOf(locations);
  const hiring = c.hiring_signal === true;
  const audience = `${hiring ? 'hiring ' : ''}${what}${place ? ` in ${place}` : ''}`;
  const lead: Fact[] = [];
  if (industries.length) lead.push(add('criteria.industries', `works in ${listOf(industries, 'or')}`));
  else if (c.keywords.length) lead.push(add('criteria.keywords', `is one of the ${what}`));
  if (locations.length) lead.push(add('criteria.locations', `is based in ${listOf(locations, 'or')}`));
  if (hiring) lead.push(add('criteria.hiring_signal', 'is hiring'));
  const size = employeeRangeText(c.employee_min, c.employee_max);
  if (size) add('criteria.employee_min', `has ${size}`);
  const lines: Line[] = [{ role: 'lead', text: `I've been looking at ${audience}.`, facts: lead }];
  if (c.software_signals.length) {
    const tools = c.software_signals.slice(0, 2);
    const fact = add('criteria.software_signals', `uses ${listOf(tools)}`);
    lines.push({ role: 'tools', text: `Many of them use ${listOf(tools)}.`, facts: [fact] });
  }
  const example = first(examples);
  if (example) {
    const fact = add(
      'examples',
      `is like ${example.name}`,
      example.id,
      example.website ?? example.source_url,
    );
    lines.push({
      role: 'example',
      text: `Businesses like ${example.name} came up in my research.`,
      facts: [fact],
    });
  }
  return {
    audience,
    kind: 'profile',
    greeting: '{{first_name}}',
    facts,
    lines,
    sender: senderOf(venture, sender),
  };
}

const claimOf = (fact: Fact, text: string): Claim => ({
  text,
  field: fact.field,
  business_id: fact.business_id,
  source_url: fact.source_url,
});

/** A short subject line: at most this many characters. */
const SUBJECT_MAX = 60;

/** "Quick question for <name>", the name cut at a word when the line would be longer than SUBJECT_MAX. */
function subjectLine(subject: ContentSubject): string {
  if (subject.kind === 'profile') return `Quick question, ${subject.greeting}`;
  const lead = 'Quick question for ';
  const room = SUBJECT_MAX - lead.length;
  if (subject.audience.length <= room) return `${lead}${subject.audience}`;
  const cut = subject.audience.slice(0, room - 1);
  const atWord = cut.lastIndexOf(' ') > room / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  // Its trailing punctuation goes (a loop: a pattern anchored at the end would retry at every character).
  let end = atWord.length;
  while (end > 0 && ' ,;:.-'.includes(atWord.charAt(end - 1))) end--;
  return `${lead}${atWord.slice(0, end)}…`;
}

/** Words as a reader counts them: runs of letters or digits (a name's "&" or "—" is no word). */
export function wordCount(text: string): number {
  return (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu) ?? []).length;
}

/** The signature: the sender's name, their title and the venture; the venture alone when no name is known. */
function signature(subject: ContentSubject): string[] {
  const { sender } = subject;
  const named = sender.named !== false;
  const person = sender.person;
  if (person) {
    const role = [person.title, named ? sender.name : null].filter(Boolean).join(', ');
    return [person.name, ...(role ? [role] : [])];
  }
  return named ? [sender.name] : [];
}

/** The pitch as one sentence, or its first sentence when the whole is too long for the email. */
function firstSentence(text: string): string {
  const end = text.search(/[.!?](\s|$)/);
  return end > 0 ? text.slice(0, end + 1) : text;
}

/**
 * The built-in writer: the subject's sentences, each stating its facts and recorded as their claims. Stored
 * values are fitted into the sentences (wording.ts): several places as "Frisco and Richardson", the value
 * proposition as a sentence naming the venture, never a lower-case "I".
 */
export function builtinContent(subject: ContentSubject, kinds: readonly ContentKind[]): ContentItem[] {
  const { sender, recipient } = subject;
  const named = sender.named !== false;
  const to = recipient?.person;
  const lead = subject.lines.find((l) => l.role === 'lead');
  const pitch = sender.pitch ? pitchSentence(sender.name, sender.pitch) : '';
  const intro = pitch
    ? pitch
    : named
      ? `I'm with ${sender.name}, and we work with businesses like yours.`
      : "I'd be glad to show you what we do for businesses like yours.";
  const pitchClaim = (text: string): Claim[] =>
    text && sender.pitchField
      ? [{ text, field: sender.pitchField, business_id: null, source_url: null }]
      : [];
  const claimsOf = (lines: readonly Line[], text = (l: Line) => l.text) =>
    lines.flatMap((l) => l.facts.map((f) => claimOf(f, text(l))));
  const ask = 'Would a 15-minute call next week be useful?';
  const self = sender.person?.name;

  return kinds.map((kind): ContentItem => {
    switch (kind) {
      case 'cold_email': {
        // The fewest words first goes: tools, then hiring, then why this person; then the pitch's first sentence.
        const dropOrder: Line['role'][] = ['example', 'tools', 'hiring', 'addressed'];
        let lines = [...subject.lines];
        let said = intro;
        const compose = () =>
          [
            `Hi ${subject.greeting},`,
            '',
            lines.map((l) => l.text).join(' '),
            '',
            said,
            ask,
            '',
            'Best regards,',
            ...signature(subject),
          ].join('\n');
        let body = compose();
        for (const role of dropOrder) {
          if (wordCount(body) < EMAIL_WORD_LIMIT) break;
          lines = lines.filter((l) => l.role !== role);
          body = compose();
        }
        if (wordCount(body) >= EMAIL_WORD_LIMIT && pitch) {
          said = firstSentence(pitch);
          body = compose();
          if (wordCount(body) >= EMAIL_WORD_LIMIT) {
            said = named ? `I'm with ${sender.name}.` : '';
            body = compose();
          }
        }
        return {
          kind,
          subject: subjectLine(subject),
          body,
          claims: [...claimsOf(lines), ...(said && pitch.startsWith(said) ? pitchClaim(said) : [])],
        };
      }
      case 'linkedin_note': {
        const opening = lead ? lead.text : `I came across ${subject.audience}.`;
        const line = `Hi ${subject.greeting} — ${lowerFirst(opening)}`;
        const claims = [
          ...(lead ? claimsOf([lead], () => line) : []),
          ...(recipient ? [claimOf(recipient.fact, line)] : []),
        ];
        const close = self
          ? `I'm ${self}${named ? ` from ${sender.name}` : ''} and would be glad to connect.`
          : named
            ? `I'm with ${sender.name} and would be glad to connect.`
            : 'Happy to connect.';
        // LinkedIn connection notes allow 300 characters: the value proposition when it fits.
        const withPitch = pitch ? `${line} ${pitch} Happy to connect.` : '';
        if (withPitch && withPitch.length <= 300) {
          return { kind, subject: null, body: withPitch, claims: [...claims, ...pitchClaim(pitch)] };
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
        const reason = lead
          ? lowerFirst(lead.text.replace(/\.$/, ''))
          : `I was looking at ${subject.audience}`;
        const askFor = to
          ? ` May I speak with ${to.name}${to.role ? `, the ${lowerFirst(to.role)}` : ''}?`
          : '';
        const me = self ? `this is ${self}` : 'this is …';
        const from = named ? ` from ${sender.name}` : '';
        const line = `Hi, ${me}${from}.${askFor} I'm calling because ${reason}. Do you have two minutes?`;
        return {
          kind,
          subject: null,
          body: line,
          claims: [
            ...(lead ? claimsOf([lead], () => line) : []),
            ...(recipient ? [claimOf(recipient.fact, line)] : []),
          ],
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

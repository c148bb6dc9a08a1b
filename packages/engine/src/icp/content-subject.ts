/**
 * What outreach content may say (content.ts): the stored facts of one business or one profile, each naming the
 * field it came from and, where there is one, the page it was read on, and the sentences the built-in writer says
 * them in. For a business: to the named decision-maker when the site names one (why they are the one written to,
 * citing the page), what it does and where, that it is hiring, and the business tools relevant to the venture
 * (business-tools.ts), never how its website is built. For a profile: its criteria, its size and an example.
 */
import { type Claim, employeeRangeText, type IcpProfile } from '@argo/contract';
import { BUSINESS_TOOL_CATEGORIES, businessToolsOf } from './business-tools';
import type { BusinessFacts, SenderFacts, VentureFacts } from './facts';
import { industryPluralLower, lowerWords, pluralOfCategory } from './industry-words';
import type { Recipient } from './recipient';
import { listOf, lowerFirst, valuesOf, withArticle } from './wording';

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
export interface Line {
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

/** A fact as a claim of the text that states it. */
export const claimOf = (fact: Fact, text: string): Claim => ({
  text,
  field: fact.field,
  business_id: fact.business_id,
  source_url: fact.source_url,
});

/**
 * Outreach written for real sites (docs/outreach-rubric.md): the first OUTREACH_SITES sites of the real-sites corpus
 * (sites.ts), by id, enriched by the engine's own enrichSite as a crawl would (score-sites.ts), their results made
 * into the facts the API reads (icp.repository.ts) and the built-in writer's cold email written for an example
 * venture and sender. The place is the labelled address's city, as a discovery source (OpenStreetMap, Google Maps)
 * gives it with the listing.
 */

import type { ContentItem } from '@argo/contract';
import {
  type BusinessFacts,
  builtinContent,
  businessSubject,
  domainFromUrl,
  type Recipient,
  recipientOf,
  type SenderFacts,
  splitAddress,
  type VentureFacts,
} from '@argo/engine';
import { analyzeSite } from './score-sites';
import { loadSites, type SiteCase } from './sites';

export const OUTREACH_SITES = 20;

/** The venture the emails are written for: a booking tool, with no software signals in its ICP. */
export const VENTURE: VentureFacts = {
  id: 'venture-bookly',
  name: 'Bookly',
  website: 'https://bookly.example/',
  description: null,
  valueProposition: 'Fills empty appointment slots with online booking and automatic reminders.',
  softwareSignals: [],
};

export const SENDER: SenderFacts = { name: 'Anna Schmidt', title: 'Head of Sales' };

export interface OutreachCase {
  site: SiteCase;
  facts: BusinessFacts;
  recipient: Recipient | null;
  email: ContentItem;
}

/**
 * The city as a listing names it: "Arosio" of "Arosio (CO)"; nothing for what the address reader took for one
 * but is a postal-code label ("CP").
 */
function placeOf(city: string | null | undefined): string | null {
  const place = (city ?? '').replace(/\s*\([^)]*\)\s*$/, '').trim();
  return place.length > 2 && place !== place.toUpperCase() ? place : null;
}

/** The facts the API would read for the site after an enrichment (names as in icp.repository.ts). */
async function factsOf(site: SiteCase): Promise<BusinessFacts> {
  const found = await analyzeSite(site);
  const home = site.pages.find((p) => p.role === 'home') ?? site.pages[0];
  const website = home?.url ?? null;
  const business = (found.software_detection?.technologies ?? []).filter((t) => t.group === 'business');
  const summary = found.ai_summary;
  const careers = found.career_analysis;
  const people = found.people;
  const address = site.truth.address?.value ?? null;
  return {
    id: site.id,
    name: site.site.business,
    website,
    category: null,
    city: address ? placeOf(splitAddress(address, site.site.country).city) : null,
    region: null,
    country: site.site.country,
    industry: summary?.industry ?? null,
    summary: summary?.summary ?? null,
    rating: null,
    review_count: null,
    hiring: careers?.hiring ?? null,
    icp_score: null,
    icp_tier: null,
    software: business.map((t) => t.name),
    software_urls: business.map((t) => t.evidence[0]?.url ?? website),
    software_categories: business.map((t) => t.categories.map((c) => c.id)),
    employee_estimate: summary?.employee_estimate ?? null,
    roles: (careers?.roles ?? []).map((r) => r.title),
    careers_url: careers?.source_url ?? careers?.careers_url ?? null,
    summary_url: website,
    source_url: null,
    domain: website ? domainFromUrl(website) : null,
    people: people ? { people: people.people, emails: people.emails, mx: people.mx } : null,
  };
}

/** The cold email of each of the first OUTREACH_SITES sites (by id). */
export async function outreachCases(): Promise<OutreachCase[]> {
  const sites = loadSites().sites.slice(0, OUTREACH_SITES);
  const cases: OutreachCase[] = [];
  for (const site of sites) {
    const facts = await factsOf(site);
    const recipient = recipientOf(facts.people, [], facts.name);
    const [email] = builtinContent(businessSubject(facts, VENTURE, recipient, SENDER), ['cold_email']);
    if (!email) throw new Error(`no email for ${site.id}`);
    cases.push({ site, facts, recipient, email });
  }
  return cases;
}

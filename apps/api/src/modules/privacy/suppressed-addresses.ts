/**
 * The suppression rule (contract suppression.ts) applied where the API hands businesses out: a page of results,
 * the drawer's business. The exports apply the same rule to their rows (export.repository.ts,
 * contacts-export.repository.ts) and outreach content to its facts and text (icp.service.ts).
 *
 * On screen an address the list covers is withheld: a field that is an address becomes null and is flagged
 * (`email_suppressed`, a contact's `suppressed`), and inside any other text — an imported column, a quote from a
 * page — the address is replaced by SUPPRESSED_MARK, so the user sees that one was there and why it is not shown.
 */
import {
  type Business,
  type BusinessDetails,
  SUPPRESSED_MARK,
  type SuppressionRule,
  suppressionRule,
} from '@argo/contract';
import type { DatabaseExecutor } from '../../db/client';
import { findSuppressionValues } from './suppressions.repository';

/** The account's list as the rule every exit applies (read with the request's sign-in when it was). */
export async function loadSuppressionRule(
  db: DatabaseExecutor,
  actor: { accountId: string },
): Promise<SuppressionRule> {
  return suppressionRule(await findSuppressionValues(db, actor.accountId, actor));
}

/** Every string inside a JSON value passed through `redact`; the value itself when nothing changed. */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = redactDeep(item, redact);
      changed ||= next !== item;
      return next;
    });
    return (changed ? out : value) as T;
  }
  if (value && typeof value === 'object') {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const next = redactDeep(item, redact);
      changed ||= next !== item;
      out[key] = next;
    }
    return (changed ? out : value) as T;
  }
  return value;
}

/** The drawer's people, addresses and contacts with each suppressed address withheld and flagged. */
function redactDetails(details: BusinessDetails, touches: (text: string) => boolean): BusinessDetails {
  const out = { ...details };
  if (details.people) {
    out.people = details.people.map((person) => {
      const suppressed = person.email_suppressed || (!!person.email && touches(person.email));
      const suggested = person.suggested_email && touches(person.suggested_email.email);
      if (!suppressed && !suggested) return person;
      return {
        ...person,
        ...(suppressed ? { email: null, email_suppressed: true, email_kind: null, email_mx: null } : {}),
        ...(suggested ? { suggested_email: null } : {}),
      };
    });
  }
  if (details.emails) {
    out.emails = details.emails.map((email) =>
      email.suppressed || touches(email.email)
        ? { ...email, email: SUPPRESSED_MARK, suppressed: true }
        : email,
    );
  }
  if (details.contacts) {
    out.contacts = details.contacts.map((contact) =>
      touches(contact.value) ? { ...contact, value: SUPPRESSED_MARK, suppressed: true } : contact,
    );
  }
  return out;
}

/**
 * A business as the API sends it, under the account's list: its email and website email null and flagged when
 * covered, the primary contact without a covered address, the drawer's people and contacts likewise, and every
 * other text (imported columns, quotes, summaries) with SUPPRESSED_MARK in place of each covered address. A
 * business whose own domain is listed has every address withheld.
 */
export function redactBusiness(business: Business, rule: SuppressionRule): Business {
  const scoped = rule.forBusiness(business.domain);
  if (scoped.isInert) return business;
  const touches = (text: string) => scoped.touches(text);
  const out: Business = { ...business };
  if (business.email && touches(business.email)) {
    out.email = null;
    out.email_suppressed = true;
  }
  if (business.website_email && touches(business.website_email)) {
    out.website_email = null;
    out.website_email_suppressed = true;
  }
  const contact = business.primary_contact;
  if (contact?.email && touches(contact.email)) out.primary_contact = { ...contact, email: null };
  if (business.details) out.details = redactDetails(business.details, touches);
  return redactDeep(out, scoped.redact);
}

/** `"domain":"…"` in a page's JSON text: the businesses' domains (and any imported column named so). */
const DOMAIN_FIELD = /"domain":"((?:[^"\\]|\\.)*)"/g;

/**
 * Does a page of results (its rows' JSON joined by commas) hold anything the list covers: an address near any `@`,
 * or a business whose domain is listed? Most pages hold none, and are sent as PostgreSQL wrote them.
 */
function pageTouches(items: string, rule: SuppressionRule): boolean {
  for (let at = items.indexOf('@'); at >= 0; at = items.indexOf('@', at + 1)) {
    if (rule.touches(items.slice(Math.max(0, at - 80), at + 260))) return true;
  }
  for (const match of items.matchAll(DOMAIN_FIELD)) {
    if (rule.isDomainSuppressed(match[1])) return true;
  }
  return false;
}

/** A page's items (JSON text) with every business redacted; the same text when the list covers nothing in it. */
export function redactResultsItems(items: string, rule: SuppressionRule): string {
  if (rule.isInert || !items || !pageTouches(items, rule)) return items;
  const businesses = JSON.parse(`[${items}]`) as Business[];
  return businesses.map((business) => JSON.stringify(redactBusiness(business, rule))).join(',');
}

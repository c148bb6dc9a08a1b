/**
 * A business of Argo as the CRM gets it: its company, its people with an address, and the note with its sources;
 * or why it is left out (no domain to match on, on the do-not-contact list). People removed by a user are already
 * gone from the stored people result (a trigger scrubs them), and every address on the suppression list is left
 * out, as the exports do.
 */
import type { SuppressionRule } from '@argo/contract';
import { splitPersonName } from '../people/names';
import { type ContactFields, NOTE_MARK, noteDomainLine, type PushItem, type PushLine } from './clients/types';
import type { PushBusinessRow } from './crm.repository';

type Data = Record<string, unknown>;
const records = (value: unknown): Data[] =>
  Array.isArray(value) ? value.filter((v): v is Data => typeof v === 'object' && v !== null) : [];
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

const skipped = (
  row: PushBusinessRow,
  object: PushLine['object'],
  key: string,
  message: string,
): PushLine => ({
  object,
  key,
  outcome: 'skipped',
  crmId: null,
  message,
  businessId: row.id,
});

/** The note: where Argo found the business, its ICP score, what it does. */
function noteOf(row: PushBusinessRow, domain: string): string {
  const sources = row.sources.map((s) => (s.url ? `${s.source} (${s.url})` : s.source));
  const lines = [
    `${NOTE_MARK}${sources.length ? ` in: ${[...new Set(sources)].join(', ')}` : ''}.`,
    noteDomainLine(domain),
    row.website ? `Website: ${row.website}` : null,
    row.icpScore !== null ? `ICP score ${row.icpScore}${row.icpTier ? ` (tier ${row.icpTier})` : ''}.` : null,
    row.industry ? `Industry: ${row.industry}` : null,
    row.summary,
  ];
  return lines.filter(Boolean).join('\n');
}

/** The people of the stored result who have an address of their own (or one the analyzer tied to them). */
function contactsOf(row: PushBusinessRow, rule: SuppressionRule, lines: PushLine[]): ContactFields[] {
  const emails = records(row.emails);
  const scoped = rule.forBusiness(row.domain);
  const out: ContactFields[] = [];
  for (const person of records(row.people)) {
    const name = text(person.name);
    if (!name) continue;
    const email = (
      text(person.email) ??
      text(emails.find((e) => e.person === name && text(e.email))?.email) ??
      ''
    ).toLowerCase();
    if (!email) {
      lines.push(skipped(row, 'contact', name, 'No email address: CRM contacts are matched by email.'));
      continue;
    }
    if (scoped.isSuppressed(email)) {
      lines.push(skipped(row, 'contact', name, 'On the do-not-contact list: not sent.'));
      continue;
    }
    const [firstName, lastName] = splitPersonName(name);
    out.push({
      email,
      name,
      firstName,
      lastName,
      phone: text(person.phone),
      jobTitle: text(person.role),
    });
  }
  return out;
}

/** The items to push and the lines of what is left out. */
export function toPushItems(
  rows: PushBusinessRow[],
  rule: SuppressionRule,
): { items: PushItem[]; lines: PushLine[] } {
  const items: PushItem[] = [];
  const lines: PushLine[] = [];
  for (const row of rows) {
    const domain = row.domain?.toLowerCase() ?? null;
    if (!domain) {
      lines.push(skipped(row, 'company', row.name, 'No website: CRM companies are matched by their domain.'));
      continue;
    }
    if (rule.isDomainSuppressed(domain)) {
      lines.push(skipped(row, 'company', domain, 'Its domain is on the do-not-contact list: not sent.'));
      continue;
    }
    const scoped = rule.forBusiness(domain);
    const clean = (value: string | null) => (value && !scoped.isInert ? scoped.redact(value) : value);
    items.push({
      businessId: row.id,
      company: {
        domain,
        name: row.name,
        website: row.website,
        phone: row.phone,
        address: row.address,
        city: row.city,
        region: row.region,
        postalCode: row.postalCode,
        country: row.country,
        industry: row.industry,
        summary: clean(row.summary),
      },
      contacts: contactsOf(row, rule, lines),
      note: clean(noteOf(row, domain)) ?? '',
    });
  }
  return { items, lines };
}

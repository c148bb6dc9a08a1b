/**
 * The stored `people` result (the engine's PeopleAnalysis, read defensively: rows written by older versions may
 * lack fields) → the results' people, classified addresses and company facts, each address marked when the
 * account's suppression list covers it.
 */
import {
  type BusinessEmail,
  type BusinessPerson,
  type CompanyFacts,
  EmailKind,
  MxStatus,
  type PrimaryContact,
  Seniority,
} from '@argo/contract';
import type { PrimaryContactJson } from '../../db/schema';

type Data = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const records = (value: unknown): Data[] =>
  Array.isArray(value) ? value.filter((v): v is Data => typeof v === 'object' && v !== null) : [];

export interface PeopleDetails {
  people: BusinessPerson[];
  emails: BusinessEmail[];
  company: CompanyFacts | null;
}

function factOf<T>(value: unknown, read: (v: unknown) => T | null) {
  if (!value || typeof value !== 'object') return null;
  const fact = value as Data;
  const parsed = read(fact.value);
  const source = text(fact.source_url);
  if (parsed === null || !source) return null;
  return { value: parsed, source_url: source, evidence: text(fact.evidence) ?? '' };
}

const stringValue = (v: unknown) => text(v);
const numberValue = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function companyOf(value: unknown): CompanyFacts | null {
  if (!value || typeof value !== 'object') return null;
  const c = value as Data;
  const company: CompanyFacts = {
    legal_name: factOf(c.legal_name, stringValue),
    legal_form: factOf(c.legal_form, stringValue),
    register: factOf(c.register, (v) => {
      const r = (v ?? {}) as Data;
      const court = text(r.court);
      const number = text(r.number);
      return court || number ? { court, number } : null;
    }),
    vat_id: factOf(c.vat_id, (v) => {
      const vat = (v ?? {}) as Data;
      const id = text(vat.id);
      return id
        ? { id, country: text(vat.country) ?? '', checksum_valid: vat.checksum_valid === true }
        : null;
    }),
    founded: factOf(c.founded, numberValue),
    employees: factOf(c.employees, numberValue),
    opening_hours: factOf(c.opening_hours, (v) => {
      const lines = Array.isArray(v) ? v.filter((l): l is string => typeof l === 'string') : [];
      return lines.length ? lines : null;
    }),
  };
  return Object.values(company).some((f) => f !== null) ? company : null;
}

/** The people details of one stored result; `isSuppressed` says which addresses the account suppresses. */
export function peopleDetailsFrom(
  data: Data,
  observedAt: Date,
  isSuppressed: (email: string) => boolean,
): PeopleDetails {
  const mx = new Map(
    records(data.mx).flatMap((m) => {
      const domain = text(m.domain);
      const status = MxStatus.safeParse(m.status);
      return domain && status.success ? [[domain.toLowerCase(), status.data] as const] : [];
    }),
  );
  const mxOf = (email: string) => mx.get(email.slice(email.lastIndexOf('@') + 1).toLowerCase()) ?? null;
  const emails: BusinessEmail[] = records(data.emails).flatMap((e) => {
    const email = text(e.email);
    const kind = EmailKind.safeParse(e.kind);
    if (!email) return [];
    return [
      {
        email,
        kind: kind.success ? kind.data : 'unknown',
        person: text(e.person),
        mx: mxOf(email),
        source_url: text(e.source_url) ?? '',
        suppressed: isSuppressed(email),
      },
    ];
  });
  const suggestions = records(data.suggested_emails);
  const people: BusinessPerson[] = records(data.people).flatMap((p) => {
    const name = text(p.name);
    const seniority = Seniority.safeParse(p.seniority);
    const source = text(p.source_url);
    if (!name || !source) return [];
    const email = text(p.email) ?? emails.find((e) => e.person === name)?.email ?? null;
    const classified = email ? emails.find((e) => e.email.toLowerCase() === email.toLowerCase()) : undefined;
    const suggestion = suggestions.find((s) => s.person === name && text(s.email));
    const observed = text(p.observed_at);
    return [
      {
        name,
        role: text(p.role) ?? '',
        seniority: seniority.success ? seniority.data : 'staff',
        email,
        email_kind: classified?.kind ?? null,
        email_mx: email ? mxOf(email) : null,
        email_suppressed: email ? isSuppressed(email) : false,
        suggested_email:
          suggestion && !email
            ? { email: text(suggestion.email) as string, pattern: text(suggestion.pattern) ?? 'unknown' }
            : null,
        phone: text(p.phone),
        linkedin_url: text(p.linkedin_url),
        source_url: source,
        evidence: text(p.evidence) ?? '',
        observed_at:
          observed && !Number.isNaN(Date.parse(observed))
            ? new Date(observed).toISOString()
            : observedAt.toISOString(),
      },
    ];
  });
  return { people, emails, company: companyOf(data.company) };
}

/** businesses.primary_contact (kept by the trigger of migration 0009) → the contract's PrimaryContact. */
export function toPrimaryContact(json: PrimaryContactJson | null): PrimaryContact | null {
  if (!json || typeof json.name !== 'string' || json.name === '') return null;
  const seniority = Seniority.safeParse(json.seniority);
  return {
    name: json.name,
    role: json.role ?? null,
    seniority: seniority.success ? seniority.data : null,
    email: json.email ?? null,
    phone: json.phone ?? null,
    linkedin_url: json.linkedin_url ?? null,
    source_url: json.source_url ?? null,
  };
}

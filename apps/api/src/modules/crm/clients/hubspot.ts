/**
 * HubSpot (CRM v3 and v4, private app token as a Bearer token): companies upserted by `domain` and contacts by
 * `email` in batches of 100 (`/crm/v3/objects/{type}/batch/upsert`, which answers 207 with per-record errors when
 * some fail), each contact associated with its company (v4 default association), one note per company with its
 * sources (`/crm/v3/objects/notes`, updated on later pushes). A sync pages `/crm/v3/objects/{type}` by `after`.
 */
import { CrmError, type CrmHttpOptions, type CrmResponse, crmRequest } from './http';
import {
  type CompanyFields,
  type ContactFields,
  type CrmClient,
  type KnownPage,
  NOTE_MARK,
  type PushItem,
  type PushLine,
  type Remembered,
} from './types';

const BATCH = 100;
/** HubSpot's association type of a note to a company. */
const NOTE_TO_COMPANY = 190;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** HubSpot's words for a failed answer: `message`, else the status. */
function hubspotWords(response: CrmResponse): string {
  const body = response.body;
  if (isObject(body) && typeof body.message === 'string') return body.message;
  if (typeof body === 'string' && body) return body;
  return `HubSpot answered ${response.status}`;
}

function companyProperties(c: CompanyFields): Record<string, string> {
  const description = [c.industry, c.summary].filter(Boolean).join('\n\n');
  const properties: Record<string, string | null> = {
    domain: c.domain,
    name: c.name,
    website: c.website,
    phone: c.phone,
    address: c.address,
    city: c.city,
    state: c.region,
    zip: c.postalCode,
    country: c.country,
    description: description || null,
  };
  return Object.fromEntries(Object.entries(properties).filter((e): e is [string, string] => !!e[1]));
}

function contactProperties(c: ContactFields): Record<string, string> {
  const properties: Record<string, string | null> = {
    email: c.email,
    firstname: c.firstName,
    lastname: c.lastName,
    phone: c.phone,
    jobtitle: c.jobTitle,
  };
  return Object.fromEntries(Object.entries(properties).filter((e): e is [string, string] => !!e[1]));
}

/** The error of a 207 (or a refused batch) that names this record, else every error's words. */
function errorFor(errors: Json[], key: string, fallback: string): string {
  const named = errors.find((e) =>
    JSON.stringify(e.context ?? {})
      .toLowerCase()
      .includes(key),
  );
  const chosen = named ? [named] : errors;
  const words = chosen.map((e) => (typeof e.message === 'string' ? e.message : '')).filter(Boolean);
  return words.length ? [...new Set(words)].join('; ') : fallback;
}

export function createHubspotClient(http: CrmHttpOptions): CrmClient {
  const call = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
    crmRequest(http, method, path, body);

  /** Upserts records by `idProperty`, 100 per request (HubSpot's batch limit); a line per key. */
  async function upsert(
    type: 'companies' | 'contacts',
    idProperty: 'domain' | 'email',
    inputs: { key: string; properties: Record<string, string>; businessId: string }[],
  ): Promise<PushLine[]> {
    const lines: PushLine[] = [];
    for (let i = 0; i < inputs.length; i += BATCH) {
      lines.push(...(await upsertBatch(type, idProperty, inputs.slice(i, i + BATCH))));
    }
    return lines;
  }

  /** One batch upsert; a line per key, with the id HubSpot gave each. */
  async function upsertBatch(
    type: 'companies' | 'contacts',
    idProperty: 'domain' | 'email',
    inputs: { key: string; properties: Record<string, string>; businessId: string }[],
  ): Promise<PushLine[]> {
    if (inputs.length === 0) return [];
    const object = type === 'companies' ? 'company' : 'contact';
    const response = await call('POST', `/crm/v3/objects/${type}/batch/upsert`, {
      inputs: inputs.map((i) => ({ idProperty, id: i.key, properties: i.properties })),
    });
    if (response.status === 401 || response.status === 403)
      throw new CrmError(hubspotWords(response), response.status);
    const body = isObject(response.body) ? response.body : {};
    const byKey = new Map<string, Json>();
    for (const result of list(body.results)) {
      const properties = isObject(result.properties) ? result.properties : {};
      const key = String(properties[idProperty] ?? '').toLowerCase();
      if (key) byKey.set(key, result);
    }
    const errors = response.status >= 400 ? [isObject(body) ? body : {}] : list(body.errors);
    const fallback = hubspotWords(response);
    return inputs.map((input): PushLine => {
      const result = byKey.get(input.key);
      if (result && typeof result.id === 'string') {
        return {
          object,
          key: input.key,
          outcome: result.new === true ? 'created' : 'updated',
          crmId: result.id,
          message: null,
          businessId: input.businessId,
        };
      }
      return {
        object,
        key: input.key,
        outcome: 'failed',
        crmId: null,
        message: errorFor(errors, input.key, fallback),
        businessId: input.businessId,
      };
    });
  }

  async function associate(
    pairs: { companyId: string; contactId: string; key: string; businessId: string }[],
  ) {
    if (pairs.length === 0) return [];
    const response = await call('POST', '/crm/v4/associations/companies/contacts/batch/associate/default', {
      inputs: pairs.map((p) => ({ from: { id: p.companyId }, to: { id: p.contactId } })),
    });
    if (response.status < 300) return [];
    const body = isObject(response.body) ? response.body : {};
    const errors = response.status === 207 ? list(body.errors) : [body];
    if (response.status === 207 && errors.length === 0) return [];
    return pairs
      .filter((p) => response.status !== 207 || JSON.stringify(errors).includes(p.contactId))
      .map(
        (p): PushLine => ({
          object: 'association',
          key: p.key,
          outcome: 'failed',
          crmId: null,
          message: errorFor(errors, p.contactId, hubspotWords(response)),
          businessId: p.businessId,
        }),
      );
  }

  /** Argo's note on the company, if one is there already (a resumed push): its body begins with NOTE_MARK. */
  async function findArgoNote(companyId: string): Promise<string | undefined> {
    const linked = await call(
      'GET',
      `/crm/v4/objects/companies/${encodeURIComponent(companyId)}/associations/notes`,
    );
    if (linked.status >= 300) return undefined;
    const body = isObject(linked.body) ? linked.body : {};
    for (const result of list(body.results)) {
      const id = String(result.toObjectId ?? '');
      if (!id) continue;
      const note = await call(
        'GET',
        `/crm/v3/objects/notes/${encodeURIComponent(id)}?properties=hs_note_body`,
      );
      const properties = isObject(note.body) && isObject(note.body.properties) ? note.body.properties : {};
      if (String(properties.hs_note_body ?? '').startsWith(NOTE_MARK)) return id;
    }
    return undefined;
  }

  async function writeNote(item: PushItem, companyId: string, noteId: string | undefined): Promise<PushLine> {
    const properties = { hs_note_body: item.note, hs_timestamp: new Date().toISOString() };
    let response = noteId
      ? await call('PATCH', `/crm/v3/objects/notes/${encodeURIComponent(noteId)}`, { properties })
      : null;
    // A note deleted in HubSpot since: write a new one.
    if (!response || response.status === 404) {
      response = await call('POST', '/crm/v3/objects/notes', {
        properties,
        associations: [
          {
            to: { id: companyId },
            types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: NOTE_TO_COMPANY }],
          },
        ],
      });
    }
    const body = isObject(response.body) ? response.body : {};
    const ok = response.status < 300 && typeof body.id === 'string';
    return {
      object: 'note',
      key: item.company.domain,
      outcome: ok ? (noteId && response.status === 200 ? 'updated' : 'created') : 'failed',
      crmId: ok ? (body.id as string) : null,
      message: ok ? null : hubspotWords(response),
      businessId: item.businessId,
    };
  }

  return {
    provider: 'hubspot',
    batchSize: BATCH,

    async verify() {
      const response = await call('GET', '/crm/v3/objects/companies?limit=1&properties=domain');
      if (response.status >= 300) throw new CrmError(hubspotWords(response), response.status);
    },

    async pushBatch(items: PushItem[], remembered: Remembered, options = {}): Promise<PushLine[]> {
      const lines = await upsert(
        'companies',
        'domain',
        items.map((i) => ({
          key: i.company.domain,
          properties: companyProperties(i.company),
          businessId: i.businessId,
        })),
      );
      const companyIds = new Map(lines.filter((l) => l.crmId).map((l) => [l.key, l.crmId as string]));
      // One contact per address in a batch (two businesses may name the same person): the first business keeps it.
      const contacts = new Map<string, { contact: ContactFields; item: PushItem }>();
      for (const item of items) {
        for (const contact of item.contacts) {
          if (!contacts.has(contact.email)) contacts.set(contact.email, { contact, item });
        }
      }
      const withCompany = [...contacts.values()].filter(({ item }) => companyIds.has(item.company.domain));
      const contactLines = await upsert(
        'contacts',
        'email',
        withCompany.map(({ contact, item }) => ({
          key: contact.email,
          properties: contactProperties(contact),
          businessId: item.businessId,
        })),
      );
      lines.push(...contactLines);
      const contactIds = new Map(contactLines.filter((l) => l.crmId).map((l) => [l.key, l.crmId as string]));
      const pairs = withCompany.flatMap(({ contact, item }) => {
        const companyId = companyIds.get(item.company.domain);
        const contactId = contactIds.get(contact.email);
        return companyId && contactId
          ? [{ companyId, contactId, key: contact.email, businessId: item.businessId }]
          : [];
      });
      for (let i = 0; i < pairs.length; i += BATCH)
        lines.push(...(await associate(pairs.slice(i, i + BATCH))));
      for (const item of items) {
        const companyId = companyIds.get(item.company.domain);
        if (!companyId) continue;
        const noteId =
          remembered('note', item.company.domain) ??
          (options.isResumed ? await findArgoNote(companyId) : undefined);
        lines.push(await writeNote(item, companyId, noteId));
      }
      return lines;
    },

    async readKnown(what, cursor): Promise<KnownPage> {
      const property = what === 'companies' ? 'domain' : 'email';
      const query = new URLSearchParams({ limit: '100', properties: property, archived: 'false' });
      if (cursor) query.set('after', cursor);
      const response = await call('GET', `/crm/v3/objects/${what}?${query}`);
      if (response.status >= 300) throw new CrmError(hubspotWords(response), response.status);
      const body = isObject(response.body) ? response.body : {};
      const results = list(body.results);
      const values = results
        .map((r) => (isObject(r.properties) ? r.properties[property] : null))
        .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
        .map((v) => v.trim().toLowerCase());
      const paging = isObject(body.paging) && isObject(body.paging.next) ? body.paging.next : null;
      const next = paging && typeof paging.after === 'string' ? paging.after : null;
      return {
        domains: what === 'companies' ? values.map((v) => v.replace(/^www\./, '')) : [],
        emails: what === 'contacts' ? values : [],
        read: results.length,
        next,
      };
    },
  };
}

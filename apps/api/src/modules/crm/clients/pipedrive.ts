/**
 * Pipedrive (API v1, the API token in the `x-api-token` header): each business's organization and each person is
 * found first — by the id Argo remembers from an earlier push, else by Pipedrive's search (`/v1/organizations/search`
 * over the notes, where Argo's note names the domain; `/v1/persons/search` by email) — then updated (PUT) or created
 * (POST), persons with `org_id`. The note with the sources is one per organization, updated on later pushes. A sync
 * pages `/v1/organizations` and `/v1/persons` by `start` while `more_items_in_collection` says so.
 */
import { CrmError, type CrmHttpOptions, type CrmResponse, crmRequest } from './http';
import {
  type CompanyFields,
  type ContactFields,
  type CrmClient,
  domainOf,
  type KnownPage,
  NOTE_MARK,
  noteDomainLine,
  type PushItem,
  type PushLine,
  type Remembered,
} from './types';

const PAGE = 500;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** Pipedrive's words: `error` (and `error_info`), else the status. */
function pipedriveWords(response: CrmResponse): string {
  const body = response.body;
  if (isObject(body) && typeof body.error === 'string') {
    return typeof body.error_info === 'string' && body.error_info
      ? `${body.error} (${body.error_info})`
      : body.error;
  }
  if (typeof body === 'string' && body) return body;
  return `Pipedrive answered ${response.status}`;
}

const idOf = (response: CrmResponse): string | null => {
  const data = isObject(response.body) ? response.body.data : null;
  return isObject(data) && (typeof data.id === 'number' || typeof data.id === 'string')
    ? String(data.id)
    : null;
};

function organizationFields(c: CompanyFields) {
  const place = [c.address, [c.postalCode, c.city].filter(Boolean).join(' '), c.region, c.country]
    .filter(Boolean)
    .join(', ');
  return { name: c.name, ...(place ? { address: place } : {}) };
}

function personFields(c: ContactFields, orgId: string | null) {
  return {
    name: c.name,
    email: [{ value: c.email, primary: true, label: 'work' }],
    ...(c.phone ? { phone: [{ value: c.phone, primary: true, label: 'work' }] } : {}),
    ...(c.jobTitle ? { job_title: c.jobTitle } : {}),
    ...(orgId ? { org_id: Number(orgId) } : {}),
  };
}

export function createPipedriveClient(http: CrmHttpOptions): CrmClient {
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
    crmRequest(http, method, path, body);

  const refused = (response: CrmResponse) => {
    if (response.status === 401 || response.status === 403)
      throw new CrmError(pipedriveWords(response), response.status);
  };

  /** The id of the first search hit, or null. */
  async function search(path: string, term: string, fields: string, exact: boolean): Promise<string | null> {
    return (await searchIds(path, term, fields, exact, 1))[0] ?? null;
  }

  /** The ids of the first `limit` search hits. */
  async function searchIds(path: string, term: string, fields: string, exact: boolean, limit: number) {
    const query = new URLSearchParams({ term, fields, exact_match: String(exact), limit: String(limit) });
    const response = await call('GET', `${path}?${query}`);
    refused(response);
    if (response.status >= 300) throw new CrmError(pipedriveWords(response), response.status);
    const data = isObject(response.body) ? response.body.data : null;
    return (isObject(data) ? list(data.items) : [])
      .map((hit) => (isObject(hit.item) ? hit.item.id : undefined))
      .filter((id) => id !== undefined && id !== null)
      .map(String);
  }

  /** The notes on an organization. */
  async function notesOf(orgId: string): Promise<Json[]> {
    const response = await call('GET', `/v1/notes?${new URLSearchParams({ org_id: orgId, limit: '100' })}`);
    refused(response);
    return response.status < 300 ? list(isObject(response.body) ? response.body.data : null) : [];
  }

  /** PUT when the id is known and still there, else POST: the line says which, or the refusal. */
  async function save(
    object: 'company' | 'contact' | 'note',
    key: string,
    businessId: string,
    path: string,
    knownId: string | null,
    fields: Json,
  ): Promise<PushLine> {
    let response: CrmResponse | null = null;
    if (knownId) {
      response = await call('PUT', `${path}/${encodeURIComponent(knownId)}`, fields);
      refused(response);
      if (response.status === 404 || response.status === 410) response = null;
    }
    const isUpdate = response !== null;
    if (!response) {
      response = await call('POST', path, fields);
      refused(response);
    }
    const id = response.status < 300 ? idOf(response) : null;
    return {
      object,
      key,
      outcome: id ? (isUpdate ? 'updated' : 'created') : 'failed',
      crmId: id,
      message: id ? null : pipedriveWords(response),
      businessId,
    };
  }

  const failed = (object: PushLine['object'], key: string, businessId: string, error: unknown): PushLine => {
    if (error instanceof CrmError && (error.status === 401 || error.status === 403)) throw error;
    return {
      object,
      key,
      outcome: 'failed',
      crmId: null,
      message: error instanceof Error ? error.message : String(error),
      businessId,
    };
  };

  /** The organization of a business: by the remembered id, else Pipedrive's search (on a resume also by name). */
  async function findOrganization(item: PushItem, remembered: Remembered, isResumed: boolean) {
    const { company } = item;
    const known = remembered('company', company.domain);
    if (known) return known;
    // The search matches parts of words ("bakery.de" in "mybakery.de"): a hit counts only when Argo's note on it
    // names exactly this domain.
    const wanted = noteDomainLine(company.domain);
    for (const id of await searchIds(
      '/v1/organizations/search',
      company.domain,
      'notes,custom_fields',
      false,
      5,
    )) {
      const notes = await notesOf(id);
      if (
        notes.some((n) =>
          String(n.content ?? '')
            .split('\n')
            .includes(wanted),
        )
      )
        return id;
    }
    // An attempt that died may have made the organization before its note: its name, exactly, finds it.
    if (!isResumed || company.name.length < 2) return null;
    return search('/v1/organizations/search', company.name, 'name', true);
  }

  /** Argo's note on the organization, if one is there already (a resumed push): it begins with NOTE_MARK. */
  async function findArgoNote(orgId: string): Promise<string | null> {
    const note = (await notesOf(orgId)).find((n) => String(n.content ?? '').startsWith(NOTE_MARK));
    return note ? String(note.id) : null;
  }

  /**
   * One business: its organization, then at once the note (which names the domain the search finds it by), then
   * its persons, each found by email first.
   */
  async function pushOne(
    item: PushItem,
    remembered: Remembered,
    seen: Set<string>,
    isResumed: boolean,
  ): Promise<PushLine[]> {
    const { company } = item;
    let line: PushLine;
    try {
      const orgId = await findOrganization(item, remembered, isResumed);
      line = await save(
        'company',
        company.domain,
        item.businessId,
        '/v1/organizations',
        orgId,
        organizationFields(company),
      );
    } catch (error) {
      return [failed('company', company.domain, item.businessId, error)];
    }
    const lines = [line];
    const orgId = line.crmId;
    if (!orgId) return lines;
    try {
      const noteId = remembered('note', company.domain) ?? (isResumed ? await findArgoNote(orgId) : null);
      const fields = noteId ? { content: item.note } : { content: item.note, org_id: Number(orgId) };
      lines.push(await save('note', company.domain, item.businessId, '/v1/notes', noteId, fields));
    } catch (error) {
      lines.push(failed('note', company.domain, item.businessId, error));
    }
    for (const contact of item.contacts) {
      if (seen.has(contact.email)) continue;
      seen.add(contact.email);
      try {
        const personId =
          remembered('contact', contact.email) ??
          (await search('/v1/persons/search', contact.email, 'email', true));
        lines.push(
          await save(
            'contact',
            contact.email,
            item.businessId,
            '/v1/persons',
            personId,
            personFields(contact, orgId),
          ),
        );
      } catch (error) {
        lines.push(failed('contact', contact.email, item.businessId, error));
      }
    }
    return lines;
  }

  return {
    provider: 'pipedrive',
    batchSize: 50,

    async verify() {
      const response = await call('GET', '/v1/users/me');
      if (response.status >= 300) throw new CrmError(pipedriveWords(response), response.status);
    },

    async pushBatch(items, remembered, options = {}) {
      const seen = new Set<string>();
      const lines: PushLine[] = [];
      for (const item of items)
        lines.push(...(await pushOne(item, remembered, seen, options.isResumed === true)));
      return lines;
    },

    async readKnown(what, cursor): Promise<KnownPage> {
      const start = cursor ?? '0';
      const path = what === 'companies' ? '/v1/organizations' : '/v1/persons';
      const response = await call('GET', `${path}?${new URLSearchParams({ start, limit: String(PAGE) })}`);
      if (response.status >= 300) throw new CrmError(pipedriveWords(response), response.status);
      const body = isObject(response.body) ? response.body : {};
      const records = list(body.data);
      const domains: string[] = [];
      const emails: string[] = [];
      for (const record of records) {
        if (what === 'companies') {
          // An organization has no standard domain field: a website (custom) field holding a web address counts.
          for (const value of Object.values(record)) {
            const domain =
              typeof value === 'string' && /^(https?:\/\/|www\.)/i.test(value) ? domainOf(value) : null;
            if (domain) domains.push(domain);
          }
        } else {
          for (const email of list(record.email)) {
            if (typeof email.value === 'string' && email.value.includes('@'))
              emails.push(email.value.trim().toLowerCase());
          }
        }
      }
      const additional = isObject(body.additional_data) ? body.additional_data : {};
      const pagination = isObject(additional.pagination) ? additional.pagination : {};
      const more = pagination.more_items_in_collection === true;
      const nextStart =
        typeof pagination.next_start === 'number' ? pagination.next_start : Number(start) + records.length;
      return { domains, emails, read: records.length, next: more ? String(nextStart) : null };
    },
  };
}

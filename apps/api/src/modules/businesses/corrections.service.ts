/**
 * A user corrects a business's own fields (the drawer's "Edit details"): edit access to the session (a view share
 * hears 403, another organisation's session 404), each field read by the engine's own normalisers — the import's
 * rules, so a corrected value looks like an imported one — and a 400 naming the field and what to write when it
 * cannot be read. The fields are written with who corrected them and when. A corrected website is enrichable at
 * once: the business waits as `pending` for the next enrichment run.
 */
import type { Business, CorrectableField, CorrectBusinessBody } from '@argo/contract';
import { cleanName, normalizeEmail, normalizePhone, parseWebsite, toCountryCode } from '@argo/engine';
import type { Database } from '../../db/client';
import type { BusinessRow } from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import { requireSessionAccess } from '../access/access.service';
import {
  type CorrectedColumns,
  findActorName,
  findBusinessForCorrection,
  storeCorrection,
} from './corrections.repository';
import { getSessionBusiness } from './results-map.service';

/** What the correction route needs from the configuration. */
export interface CorrectionOptions {
  /** CRAWL_ALLOW_HOSTS: web addresses on these IP addresses and ranges are websites too. */
  allowAddresses: readonly string[];
  now?: Date;
}

const WEBSITE_EXAMPLE = 'a web address such as https://example.com or example.com';
/** Every IP address: a website read with it has an address for its host. */
const ANY_ADDRESS = ['0.0.0.0/0', '::/0'];

/** Text fields as the import keeps them: spaces collapsed, blank → null. */
const plainText = (value: string | null): string | null => value?.replace(/\s+/g, ' ').trim() || null;

/** "the items" → the first one first, each once. */
const firstOf = (value: string | null, rest: readonly string[]): string[] =>
  value ? [value, ...rest.filter((item) => item !== value)] : [...rest];

function readWebsite(raw: string, allowAddresses: readonly string[]) {
  const parsed = parseWebsite(raw, { allowAddresses });
  if (!parsed) {
    const isAddress = parseWebsite(raw, { allowAddresses: ANY_ADDRESS }) !== null;
    throw badRequest(
      isAddress
        ? `website: "${raw}" is an IP address the crawler may not reach; write ${WEBSITE_EXAMPLE}, or ask your administrator to add the address to CRAWL_ALLOW_HOSTS.`
        : `website: "${raw}" is not a web address; write ${WEBSITE_EXAMPLE}.`,
      'website',
    );
  }
  if (parsed.isSocial) {
    throw badRequest(
      `website: ${parsed.host} is a social network or portal, not the business's own website; write its own site, or leave it empty.`,
      'website',
    );
  }
  return parsed;
}

/**
 * The columns a body corrects, each read as the import reads it, and the corrected fields with their stored
 * values. Throws a 400 naming the first field that cannot be read.
 */
function readCorrection(
  row: Pick<BusinessRow, 'country' | 'websites' | 'phones' | 'isClosed'>,
  body: CorrectBusinessBody,
  allowAddresses: readonly string[],
): { columns: CorrectedColumns; fields: { field: CorrectableField; value: string | null }[] } {
  const columns: CorrectedColumns = {};
  const fields: { field: CorrectableField; value: string | null }[] = [];
  const set = (field: CorrectableField, value: string | null) => fields.push({ field, value });

  if (body.name !== undefined) {
    const name = cleanName(body.name);
    if (!name || !/[\p{L}\p{N}]/u.test(name)) {
      throw badRequest('name: write the name of the business (letters or digits).', 'name');
    }
    columns.name = name;
    set('name', name);
  }
  // The country first: a phone number without +… is read in it.
  let country = row.country;
  if (body.country !== undefined) {
    country = body.country === null ? null : toCountryCode(body.country);
    if (body.country !== null && !country) {
      throw badRequest(
        `country: "${body.country}" is not a country Argo knows; write its name or its two-letter code, such as GB or Germany.`,
        'country',
      );
    }
    columns.country = country;
    set('country', country);
  }
  if (body.website !== undefined) {
    const site = body.website === null ? null : readWebsite(body.website, allowAddresses);
    columns.website = site?.url ?? null;
    columns.domain = site?.domain ?? null;
    columns.websites = firstOf(site?.url ?? null, row.websites);
    if (site && !row.isClosed) {
      // Enrichable at once: the next enrichment run (or "Enrich now" on this business) crawls the new site.
      columns.enrichmentState = 'pending';
      columns.enrichmentError = null;
    }
    set('website', columns.website);
  }
  if (body.phone !== undefined) {
    const phone = body.phone === null ? null : normalizePhone(body.phone, country);
    if (body.phone !== null && !phone) {
      throw badRequest(
        `phone: "${body.phone}" is not a phone number Argo can read${country ? ` in ${country}` : ''}; write it with its country code, such as +44 20 7946 0958.`,
        'phone',
      );
    }
    columns.phone = phone;
    columns.phones = firstOf(phone, row.phones);
    set('phone', phone);
  }
  if (body.email !== undefined) {
    const email = body.email === null ? null : normalizeEmail(body.email);
    if (body.email !== null && !email) {
      throw badRequest(
        `email: "${body.email}" is not an email address; write one such as info@example.com.`,
        'email',
      );
    }
    columns.email = email;
    set('email', email);
  }
  for (const field of ['address', 'postal_code', 'city'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    const text = plainText(value);
    columns[field === 'postal_code' ? 'postalCode' : field] = text;
    set(field, text);
  }
  return { columns, fields };
}

/** Corrects a business of the session's current run; answers it as the drawer reads it. */
export async function correctBusiness(
  db: Database,
  actor: ActorUser,
  sessionId: string,
  businessId: string,
  body: CorrectBusinessBody,
  options: CorrectionOptions,
): Promise<Business> {
  await requireSessionAccess(db, actor, sessionId, 'edit');
  await db.transaction(async (tx) => {
    const row = await findBusinessForCorrection(tx, sessionId, businessId);
    if (!row) throw notFound('Business');
    const { columns, fields } = readCorrection(row, body, options.allowAddresses);
    await storeCorrection(tx, {
      accountId: row.accountId,
      businessId,
      columns,
      fields,
      userId: actor.id,
      userName: await findActorName(tx, actor.id),
      at: options.now ?? new Date(),
    });
  });
  return getSessionBusiness(db, actor, sessionId, businessId);
}

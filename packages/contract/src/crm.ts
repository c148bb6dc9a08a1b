/**
 * CRMs: an organisation connects HubSpot (a private app token) and/or Pipedrive (an API token and its company
 * domain); its members push a session's businesses with their people there, and read back what the CRM already
 * holds, so the results can leave those out ("not in my CRM").
 *
 * Who may do what: only admins connect and disconnect (a token writes into the organisation's CRM); every member
 * sees whether a CRM is connected (never the token: only its last four characters) and may sync from it; pushing a
 * session's businesses needs edit access to the session.
 */
import { z } from 'zod';
import { Count, expected, Id, IdParams, IsoDateTime, LIMITS, PageQuery, paged } from './common';
import { defineRoute } from './define';
import { ResultsMatching } from './saved-views';

export const CRM_PROVIDERS = ['hubspot', 'pipedrive'] as const;
export const CrmProvider = z.enum(CRM_PROVIDERS, expected("'hubspot' or 'pipedrive'"));
export type CrmProvider = z.infer<typeof CrmProvider>;
export const CRM_NAMES: Record<CrmProvider, string> = { hubspot: 'HubSpot', pipedrive: 'Pipedrive' };

const CrmProviderParams = z.object({ provider: CrmProvider });

/**
 * Where each fact Argo holds goes in the CRM (its standard properties). Shown in Settings and in docs/crm.md;
 * the push writes exactly these.
 */
export const CRM_FIELD_MAPPING = {
  company: [
    { argo: 'Name', hubspot: 'name', pipedrive: 'name' },
    { argo: 'Domain (from the website)', hubspot: 'domain', pipedrive: 'matched by Argo, kept in the note' },
    { argo: 'Website', hubspot: 'website', pipedrive: 'note' },
    { argo: 'Phone', hubspot: 'phone', pipedrive: 'note' },
    { argo: 'Street address', hubspot: 'address', pipedrive: 'address (one line with city and country)' },
    { argo: 'City', hubspot: 'city', pipedrive: 'address' },
    { argo: 'Region', hubspot: 'state', pipedrive: 'address' },
    { argo: 'Postal code', hubspot: 'zip', pipedrive: 'address' },
    { argo: 'Country', hubspot: 'country', pipedrive: 'address' },
    { argo: 'Industry', hubspot: 'description (first line)', pipedrive: 'note' },
    { argo: 'Summary', hubspot: 'description', pipedrive: 'note' },
    {
      argo: 'Sources and ICP score',
      hubspot: 'a note on the company',
      pipedrive: 'a note on the organization',
    },
  ],
  contact: [
    { argo: 'First name', hubspot: 'firstname', pipedrive: 'name (first and last)' },
    { argo: 'Last name', hubspot: 'lastname', pipedrive: 'name (first and last)' },
    { argo: 'Email', hubspot: 'email', pipedrive: 'email' },
    { argo: 'Phone', hubspot: 'phone', pipedrive: 'phone' },
    { argo: 'Job title', hubspot: 'jobtitle', pipedrive: 'job_title' },
    { argo: 'Business', hubspot: 'associated company', pipedrive: 'org_id' },
  ],
} as const;

const CrmFieldMappingRow = z.object({ argo: z.string(), hubspot: z.string(), pipedrive: z.string() });

export const CrmConnection = z
  .object({
    provider: CrmProvider,
    connected: z.boolean(),
    /** The token's last four characters ("…4f2a"); the token itself is never sent back. */
    token_hint: z.string().nullable(),
    /** Pipedrive: the company domain the API is called at (acme for acme.pipedrive.com). */
    company_domain: z.string().nullable(),
    connected_at: IsoDateTime.nullable(),
    connected_by: z.object({ id: Id, name: z.string().nullable() }).nullable(),
    /** The last sync from the CRM, and what it found. */
    last_sync_at: IsoDateTime.nullable(),
    known_companies: Count,
    known_contacts: Count,
  })
  .meta({ id: 'CrmConnection' });
export type CrmConnection = z.infer<typeof CrmConnection>;

export const CrmConnectionsResponse = z.object({
  connections: z.array(CrmConnection),
  field_mapping: z.object({ company: z.array(CrmFieldMappingRow), contact: z.array(CrmFieldMappingRow) }),
});
export type CrmConnectionsResponse = z.infer<typeof CrmConnectionsResponse>;

const Token = z
  .string(expected('the token the CRM shows'))
  .trim()
  .min(8, 'must be the whole token (at least 8 characters)')
  .max(500, 'must be at most 500 characters')
  .regex(/^\S+$/, 'must be one word without spaces: copy the token as the CRM shows it');

/** acme, acme.pipedrive.com or https://acme.pipedrive.com: the company's own Pipedrive address. */
const CompanyDomain = z
  .string(expected('your Pipedrive company domain, e.g. acme for acme.pipedrive.com'))
  .trim()
  .max(200, 'must be at most 200 characters')
  .transform((value) =>
    value
      .replace(/^https?:\/\//i, '')
      .replace(/\/.*$/, '')
      .replace(/\.pipedrive\.com$/i, '')
      .toLowerCase(),
  )
  .pipe(
    z
      .string()
      .regex(
        /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
        'must be your Pipedrive company domain, e.g. acme for acme.pipedrive.com',
      ),
  );

/** PUT /accounts/crm/:provider — connects (or replaces the token of) a CRM. Argo checks the token with the CRM. */
export const CrmConnectBody = z.strictObject({ token: Token, company_domain: CompanyDomain.optional() });
export type CrmConnectBody = z.input<typeof CrmConnectBody>;

const CRM_JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
const CrmJobStatus = z.enum(CRM_JOB_STATUSES);

export const CrmJob = z
  .object({
    id: Id,
    provider: CrmProvider,
    /** push: businesses and people to the CRM; sync: the CRM's companies and contacts read back. */
    kind: z.enum(['push', 'sync']),
    session_id: Id.nullable(),
    status: CrmJobStatus,
    /** Businesses to push (push) or records read (sync) so far. */
    total: Count,
    done: Count,
    created: Count,
    updated: Count,
    skipped: Count,
    failed: Count,
    /** Why the job failed, in the CRM's words when it answered. */
    error: z.string().nullable(),
    created_at: IsoDateTime,
    finished_at: IsoDateTime.nullable(),
    created_by: z.object({ id: Id, name: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'CrmJob' });
export type CrmJob = z.infer<typeof CrmJob>;

const CRM_LOG_OUTCOMES = ['created', 'updated', 'skipped', 'failed'] as const;
const CrmLogOutcome = z.enum(CRM_LOG_OUTCOMES, expected(CRM_LOG_OUTCOMES.join(', ')));

const CrmLogEntry = z
  .object({
    id: Id,
    object: z.enum(['company', 'contact', 'association', 'note']),
    /** The business's domain or name, the person's email or name. */
    key: z.string(),
    outcome: CrmLogOutcome,
    crm_id: z.string().nullable(),
    /** Why it was skipped, or the CRM's own words when it refused. */
    message: z.string().nullable(),
    business_id: Id.nullable(),
    at: IsoDateTime,
  })
  .meta({ id: 'CrmLogEntry' });

const CrmLogQuery = PageQuery.extend({ outcome: CrmLogOutcome.optional() });
export const CrmLogPage = paged(CrmLogEntry);
export type CrmLogPage = z.infer<typeof CrmLogPage>;

/** POST /user/session/:id/crm/push — the chosen businesses, or all the results' search and filters select. */
export const CrmPushBody = z
  .strictObject({
    provider: CrmProvider,
    business_ids: z
      .array(Id)
      .min(1, 'must list at least one business, or give matching instead')
      .max(LIMITS.maxBusinessIds, `must list at most ${LIMITS.maxBusinessIds} businesses`)
      .optional(),
    matching: ResultsMatching.optional(),
    /** Leave out the businesses the CRM already holds (the "not in my CRM" filter). */
    exclude_in_crm: z.boolean(expected('true or false')).optional(),
  })
  .refine((body) => (body.business_ids === undefined) !== (body.matching === undefined), {
    message: 'give business_ids or matching (one of them)',
    path: ['matching'],
  });
export type CrmPushBody = z.input<typeof CrmPushBody>;

export const crmRoutes = {
  crmConnections: defineRoute({
    id: 'crm.connections',
    method: 'GET',
    path: '/accounts/crm',
    access: 'member',
    summary: "The organisation's CRM connections (never the tokens) and the field mapping",
    tag: 'accounts',
    response: CrmConnectionsResponse,
  }),
  crmConnect: defineRoute({
    id: 'crm.connect',
    method: 'PUT',
    path: '/accounts/crm/:provider',
    access: 'admin',
    summary: 'Connect HubSpot or Pipedrive with a token (admins; checked with the CRM, stored encrypted)',
    tag: 'accounts',
    params: CrmProviderParams,
    body: CrmConnectBody,
    response: CrmConnection,
  }),
  crmDisconnect: defineRoute({
    id: 'crm.disconnect',
    method: 'DELETE',
    path: '/accounts/crm/:provider',
    access: 'admin',
    summary: 'Disconnect a CRM (admins): its token is deleted',
    tag: 'accounts',
    params: CrmProviderParams,
    response: null,
    status: 204,
  }),
  crmSync: defineRoute({
    id: 'crm.sync',
    method: 'POST',
    path: '/accounts/crm/:provider/sync',
    access: 'member',
    summary: "Read the CRM's companies and contacts, to mark the businesses it already holds",
    tag: 'accounts',
    params: CrmProviderParams,
    response: CrmJob,
    status: 202,
  }),
  crmPush: defineRoute({
    id: 'crm.push',
    method: 'POST',
    path: '/user/session/:id/crm/push',
    access: 'member',
    summary: 'Push businesses of the session with their people to a connected CRM (edit access)',
    tag: 'sessions',
    params: IdParams,
    body: CrmPushBody,
    response: CrmJob,
    status: 202,
  }),
  crmSessionJobs: defineRoute({
    id: 'crm.sessionJobs',
    method: 'GET',
    path: '/user/session/:id/crm/jobs',
    access: 'member',
    summary: "The session's latest CRM pushes, newest first",
    tag: 'sessions',
    params: IdParams,
    response: z.array(CrmJob),
  }),
  crmJob: defineRoute({
    id: 'crm.job',
    method: 'GET',
    path: '/crm/jobs/:id',
    access: 'member',
    summary: 'A CRM push or sync with its progress and counts',
    tag: 'accounts',
    params: IdParams,
    response: CrmJob,
  }),
  crmJobLog: defineRoute({
    id: 'crm.jobLog',
    method: 'GET',
    path: '/crm/jobs/:id/log',
    access: 'member',
    summary: 'What a CRM push created, updated, skipped and failed, with the CRM’s own words',
    tag: 'accounts',
    params: IdParams,
    query: CrmLogQuery,
    response: CrmLogPage,
  }),
  crmJobCancel: defineRoute({
    id: 'crm.jobCancel',
    method: 'POST',
    path: '/crm/jobs/:id/cancel',
    access: 'member',
    summary: 'Stop a CRM push or sync; what it sent already stays in the CRM',
    tag: 'accounts',
    params: IdParams,
    response: CrmJob,
  }),
} as const;

import {
  CRM_FIELD_MAPPING,
  type CrmConnection,
  type CrmConnectionsResponse,
  type CrmJob,
} from '@argo/contract';

/** Test data of the CRM screens, shaped as the API answers. */
export function connection(over: Partial<CrmConnection> & Pick<CrmConnection, 'provider'>): CrmConnection {
  return {
    connected: false,
    token_hint: null,
    company_domain: null,
    connected_at: null,
    connected_by: null,
    last_sync_at: null,
    known_companies: 0,
    known_contacts: 0,
    ...over,
  };
}

export function connections(list: CrmConnection[]): CrmConnectionsResponse {
  return {
    connections: list,
    field_mapping: {
      company: CRM_FIELD_MAPPING.company.map((r) => ({ ...r })),
      contact: CRM_FIELD_MAPPING.contact.map((r) => ({ ...r })),
    },
  };
}

export function job(over: Partial<CrmJob> = {}): CrmJob {
  return {
    id: '00000000-0000-4000-8000-00000000c001',
    provider: 'hubspot',
    kind: 'push',
    session_id: '00000000-0000-4000-8000-00000000d001',
    status: 'running',
    total: 10,
    done: 4,
    created: 6,
    updated: 0,
    skipped: 1,
    failed: 1,
    error: null,
    created_at: '2026-12-04T10:00:00.000Z',
    finished_at: null,
    created_by: null,
    ...over,
  };
}

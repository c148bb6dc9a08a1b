import type { Business, Session, SessionInfo } from '@argo/contract';
import type { Profile } from '../lib/profile';

/* The API's objects as the screens' tests need them: the signed-in user, colleagues, sessions, businesses. */

export const ids = {
  account: '00000000-0000-4000-8000-000000000001',
  me: '00000000-0000-4000-8000-0000000000a1',
  ann: '00000000-0000-4000-8000-0000000000a2',
  bob: '00000000-0000-4000-8000-0000000000a3',
  cat: '00000000-0000-4000-8000-0000000000a4',
  venture: '00000000-0000-4000-8000-0000000000b1',
};

const account = {
  id: ids.account,
  name: 'Acme Ventures',
  website: 'https://acme.test',
  analytics_identifier: '00000000-0000-4000-8000-0000000000c1',
  require_admin_mfa: false,
  created_at: '2026-01-01T00:00:00.000Z',
};

export function makeUser(id: string, name: string, email: string, role: 'admin' | 'member' = 'member') {
  return {
    id,
    account_id: ids.account,
    email,
    name,
    role,
    venture_ids: [],
    status: 'active' as const,
    created_at: '2026-01-01T00:00:00.000Z',
    last_seen_at: null,
  };
}

export function makeProfile(role: 'admin' | 'member' = 'member'): Profile {
  const user = makeUser(ids.me, 'Mia Me', 'mia@acme.test', role);
  return { ...account, ...user, account };
}

let sessionCount = 0;
export function makeSession(overrides: Partial<Session> = {}): Session {
  sessionCount += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sessionCount).padStart(12, '0')}`,
    account_id: ids.account,
    owner_id: ids.me,
    owner: { id: ids.me, email: 'mia@acme.test', name: 'Mia Me' },
    venture_id: null,
    name: `Session ${sessionCount}`,
    type: 'search',
    input: {},
    status: 'completed',
    stage: null,
    progress: { total: 0, done: 0, failed: 0 },
    error: null,
    created_at: '2026-02-01T10:00:00.000Z',
    updated_at: '2026-02-01T10:00:00.000Z',
    finished_at: null,
    access: 'owner',
    ...overrides,
  };
}

export const SESSION_ID = '00000000-0000-4000-8000-00000000c0de';

export function makeInfo(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    ...makeSession({ id: SESSION_ID, name: 'Gyros in Plano', type: 'import' }),
    counts: { businesses: 0, by_enrichment_state: {} },
    shared_users: [],
    ...overrides,
  };
}

let businessCount = 0;
export function makeBusiness(overrides: Partial<Business> = {}): Business {
  businessCount += 1;
  return {
    id: `00000000-0000-4000-9000-${String(businessCount).padStart(12, '0')}`,
    session_id: SESSION_ID,
    name: `Business ${businessCount}`,
    website: null,
    domain: null,
    email: null,
    phone: null,
    address: null,
    city: null,
    region: null,
    postal_code: null,
    country: null,
    lat: null,
    lng: null,
    category: null,
    source: 'import',
    sources: [{ source: 'import', source_ref: `line/${businessCount + 1}` }],
    source_ref: null,
    rating: null,
    review_count: null,
    enrichment_state: 'pending',
    enrichment_error: null,
    summary: null,
    industry: null,
    software: [],
    hiring: null,
    icp_score: null,
    icp_tier: null,
    first_seen_at: '2026-02-01T10:00:00.000Z',
    updated_at: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}

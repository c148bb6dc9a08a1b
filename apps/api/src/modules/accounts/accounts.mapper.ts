import type { Account } from '@argo/contract';
import type { AccountRow } from '../../db/schema/accounts';

/** An account row as the API shows it. */
export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    website: row.website,
    analytics_identifier: row.analyticsIdentifier,
    require_admin_mfa: row.requireAdminMfa,
    created_at: row.createdAt.toISOString(),
  };
}

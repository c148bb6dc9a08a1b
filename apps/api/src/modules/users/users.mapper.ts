import type { User } from '@argo/contract';
import type { UserRecord } from './users.repository';

/** A user row (with its venture ids) as the API shows it. The column keeps '' for "no name"; the API says null. */
export function toUser(record: UserRecord): User {
  return {
    id: record.id,
    account_id: record.accountId,
    email: record.email,
    name: record.name === '' ? null : record.name,
    title: record.title === '' ? null : record.title,
    role: record.role,
    venture_ids: record.ventureIds,
    status: record.status,
    created_at: record.createdAt.toISOString(),
    last_seen_at: record.lastSeenAt ? record.lastSeenAt.toISOString() : null,
  };
}

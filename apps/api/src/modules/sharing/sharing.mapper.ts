import type { SharedUser } from '@argo/contract';
import type { SharedUserRow } from './sharing.repository';

export function toSharedUser(row: SharedUserRow): SharedUser {
  return {
    user_id: row.userId,
    email: row.email,
    name: row.name || null,
    access: row.access,
    granted_at: row.grantedAt.toISOString(),
    granted_by: row.grantedBy,
  };
}

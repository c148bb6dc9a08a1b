import type { AdminVenture, Session } from '@argo/contract';
import type { PersonRow } from '../../db/schema/ventures';
import { toSession } from '../sessions/sessions.mapper';
import type { SessionWithOwner } from '../sessions/sessions.repository';
import { toVenture } from '../ventures/ventures.mapper';
import type { VentureWithCounts } from './admin.repository';

// The Session and Venture shapes are mapped by their own modules; the admin views only add to them.

/** A session in the admin list: the admin's own sessions say `owner`, every other one `admin`. */
export function toAdminSession(row: SessionWithOwner, adminId: string): Session {
  return toSession(row, row.ownerId === adminId ? 'owner' : 'admin');
}

export function toAdminVenture(row: VentureWithCounts, people: PersonRow[]): AdminVenture {
  return { ...toVenture(row, people), member_count: row.memberCount, session_count: row.sessionCount };
}

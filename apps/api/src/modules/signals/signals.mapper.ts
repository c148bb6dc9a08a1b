import type { SignalEvent, SignalEventType, Tier, Watch } from '@argo/contract';
import type { EventWithBusiness } from './events.repository';
import type { WatchWithNames } from './watches.repository';

export const toWatch = (row: WatchWithNames): Watch => ({
  id: row.id,
  session_id: row.sessionId,
  session_name: row.sessionName,
  business_ids: row.businessIds ?? null,
  frequency: row.frequency,
  status: row.status,
  next_run_at: row.status === 'active' ? (row.nextRunAt?.toISOString() ?? null) : null,
  last_run_at: row.lastRunAt?.toISOString() ?? null,
  last_error: row.lastError,
  created_by: { id: row.createdBy, name: row.createdByName },
  created_at: row.createdAt.toISOString(),
});

export const toSignalEvent = (row: EventWithBusiness, seenAt: Date | null): SignalEvent => ({
  id: row.id,
  type: row.type as SignalEventType,
  session_id: row.sessionId,
  business: {
    id: row.businessId,
    name: row.businessName,
    website: row.businessWebsite,
    icp_tier: (row.businessTier as Tier | null) ?? null,
  },
  key: row.key,
  before: row.before ?? null,
  after: row.after ?? null,
  evidence: row.evidence ?? null,
  page: row.page,
  occurred_at: row.occurredAt.toISOString(),
  is_new: seenAt === null || row.occurredAt > seenAt,
});

/**
 * Signals over time: watching a session's businesses (re-enriched on a schedule) and the events Argo records
 * when what their sites say changes (docs/spec.md, "Signals").
 */
import { z } from 'zod';
import { Count, expected, Id, IdParams, IsoDateTime, PageQuery, paged } from './common';
import { defineRoute } from './define';
import { Tier } from './icp';

/** Every kind of change an event records (packages/engine/src/signals/README.md says when each is one). */
export const SIGNAL_EVENT_TYPES = [
  'software_added',
  'software_removed',
  'hiring_started',
  'hiring_stopped',
  'role_opened',
  'role_closed',
  'decision_maker_appeared',
  'decision_maker_left',
  'email_changed',
  'phone_changed',
  'site_unreachable',
  'site_back',
  'domain_moved',
  'icp_tier_changed',
] as const;
export const SignalEventType = z.enum(
  SIGNAL_EVENT_TYPES,
  expected(`one of ${SIGNAL_EVENT_TYPES.join(', ')}`),
);
export type SignalEventType = z.infer<typeof SignalEventType>;

export const WATCH_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const WatchFrequency = z.enum(WATCH_FREQUENCIES, expected("'daily', 'weekly' or 'monthly'"));
export type WatchFrequency = z.infer<typeof WatchFrequency>;

const WatchStatus = z.enum(['active', 'paused'], expected("'active' or 'paused'"));

/** The most businesses one watch may name (more: watch the whole session). */
const WATCH_MAX_BUSINESSES = 1000;

export const Watch = z
  .object({
    id: Id,
    session_id: Id,
    session_name: z.string(),
    /** The businesses watched; null: every business of the session. */
    business_ids: z.array(Id).nullable(),
    frequency: WatchFrequency,
    status: WatchStatus,
    /** When the next re-enrichment starts; null while paused. */
    next_run_at: IsoDateTime.nullable(),
    last_run_at: IsoDateTime.nullable(),
    /** Why the last due run could not start (the session was busy, it has no enrichment yet …); null when it did. */
    last_error: z.string().nullable(),
    created_by: z.object({ id: Id.nullable(), name: z.string().nullable() }),
    created_at: IsoDateTime,
  })
  .meta({ id: 'Watch' });
export type Watch = z.infer<typeof Watch>;

export const CreateWatchBody = z.strictObject({
  session_id: Id,
  frequency: WatchFrequency,
  business_ids: z
    .array(Id)
    .min(1, 'must name at least one business (leave it out to watch the whole session)')
    .max(WATCH_MAX_BUSINESSES, `must name at most ${WATCH_MAX_BUSINESSES} businesses`)
    .optional(),
});
export type CreateWatchBody = z.infer<typeof CreateWatchBody>;

export const UpdateWatchBody = z
  .strictObject({ frequency: WatchFrequency.optional(), status: WatchStatus.optional() })
  .refine((b) => b.frequency !== undefined || b.status !== undefined, {
    message: 'give frequency or status',
    path: ['status'],
  });
export type UpdateWatchBody = z.infer<typeof UpdateWatchBody>;

const WatchListQuery = z.object({ session_id: Id.optional() });

const SignalEvidence = z.object({ page: z.string().nullable(), text: z.string().nullable() });

export const SignalEvent = z
  .object({
    id: Id,
    type: SignalEventType,
    session_id: Id,
    business: z.object({
      id: Id,
      name: z.string(),
      website: z.string().nullable(),
      icp_tier: Tier.nullable(),
    }),
    /** What the event is about within its type: a tool, a role, a person; '' when the type has one. */
    key: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    evidence: SignalEvidence.nullable(),
    page: z.string().nullable(),
    occurred_at: IsoDateTime,
    /** Recorded after the caller last marked the signals seen. */
    is_new: z.boolean(),
  })
  .meta({ id: 'SignalEvent' });
export type SignalEvent = z.infer<typeof SignalEvent>;

const TypeList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  )
  .pipe(z.array(SignalEventType));

export const SignalEventsQuery = PageQuery.extend({
  session_id: Id.optional(),
  venture_id: Id.optional(),
  business_id: Id.optional(),
  /** Comma-separated event types. */
  types: TypeList.optional(),
  tier: Tier.optional(),
  since: IsoDateTime.optional(),
  until: IsoDateTime.optional(),
  only_new: z
    .enum(['true', 'false'], expected('true or false'))
    .transform((v) => v === 'true')
    .optional(),
});
export type SignalEventsQuery = z.infer<typeof SignalEventsQuery>;

export const SignalEventsPage = paged(SignalEvent).extend({
  /** Events of this selection recorded since the caller last marked the signals seen. */
  new_count: Count,
  /** When the caller last marked the signals seen; null: never. */
  seen_at: IsoDateTime.nullable(),
});
export type SignalEventsPage = z.infer<typeof SignalEventsPage>;

const SignalsSeen = z.object({ seen_at: IsoDateTime });

const SIGNAL_DIGESTS = ['off', 'daily', 'weekly'] as const;
const SignalDigest = z.enum(SIGNAL_DIGESTS, expected("'off', 'daily' or 'weekly'"));

/** The caller's signals: the email digest of what changed (sent only when something did) and the last look. */
export const SignalsSettings = z
  .object({ digest: SignalDigest, seen_at: IsoDateTime.nullable() })
  .meta({ id: 'SignalsSettings' });
export type SignalsSettings = z.infer<typeof SignalsSettings>;

const UpdateSignalsSettingsBody = z.strictObject({ digest: SignalDigest });

export const signalsRoutes = {
  signalsWatchesList: defineRoute({
    id: 'signals.watches.list',
    method: 'GET',
    path: '/signals/watches',
    access: 'member',
    summary: 'The watches of the sessions the caller can see',
    tag: 'enrichment',
    query: WatchListQuery,
    response: z.array(Watch),
  }),
  signalsWatchesCreate: defineRoute({
    id: 'signals.watches.create',
    method: 'POST',
    path: '/signals/watches',
    access: 'member',
    summary: "Watch a session's businesses: re-enrich them on a schedule (edit access)",
    tag: 'enrichment',
    body: CreateWatchBody,
    response: Watch,
    status: 201,
  }),
  signalsWatchesUpdate: defineRoute({
    id: 'signals.watches.update',
    method: 'PUT',
    path: '/signals/watches/:id',
    access: 'member',
    summary: 'Pause, resume or reschedule a watch (edit access)',
    tag: 'enrichment',
    params: IdParams,
    body: UpdateWatchBody,
    response: Watch,
  }),
  signalsWatchesDelete: defineRoute({
    id: 'signals.watches.delete',
    method: 'DELETE',
    path: '/signals/watches/:id',
    access: 'member',
    summary: 'Stop watching (edit access); the events recorded stay',
    tag: 'enrichment',
    params: IdParams,
    response: null,
    status: 204,
  }),
  signalsEvents: defineRoute({
    id: 'signals.events',
    method: 'GET',
    path: '/signals/events',
    access: 'member',
    summary: 'What changed at the businesses of the sessions the caller can see, newest first',
    tag: 'enrichment',
    query: SignalEventsQuery,
    response: SignalEventsPage,
  }),
  signalsSettingsGet: defineRoute({
    id: 'signals.settings.get',
    method: 'GET',
    path: '/signals/settings',
    access: 'member',
    summary: "The caller's email digest of signals and when they last looked",
    tag: 'enrichment',
    response: SignalsSettings,
  }),
  signalsSettingsUpdate: defineRoute({
    id: 'signals.settings.update',
    method: 'PUT',
    path: '/signals/settings',
    access: 'member',
    summary: 'Choose the email digest of signals: off, daily or weekly',
    tag: 'enrichment',
    body: UpdateSignalsSettingsBody,
    response: SignalsSettings,
  }),
  signalsSeen: defineRoute({
    id: 'signals.seen',
    method: 'POST',
    path: '/signals/seen',
    access: 'member',
    summary: 'Mark every signal seen for the caller ("new since I last looked" starts again)',
    tag: 'enrichment',
    response: SignalsSeen,
  }),
} as const;

const listOf = (value: unknown): string =>
  Array.isArray(value) ? value.map(String).join(', ') || 'none' : String(value ?? 'none');

const capitalised = (text: string) =>
  text.replace(/(^|\s)(\p{Ll})/gu, (_m, space: string, letter: string) => space + letter.toUpperCase());

const personOf = (value: unknown) => {
  const person = value as { name?: string; role?: string } | null;
  return person?.name ? `${capitalised(person.name)}${person.role ? ` (${person.role})` : ''}` : '';
};

/** One sentence saying what changed, in the words of the site (the Signals screen and the email digest). */
export function describeSignalEvent(event: {
  type: string;
  key: string;
  before: unknown;
  after: unknown;
}): string {
  switch (event.type) {
    case 'software_added':
      return `Started using ${event.key}.`;
    case 'software_removed':
      return `No longer uses ${event.key}.`;
    case 'hiring_started':
      return 'Now hiring.';
    case 'hiring_stopped':
      return 'No open positions any more.';
    case 'role_opened':
      return `New opening: ${event.key}.`;
    case 'role_closed':
      return `Opening closed: ${event.key}.`;
    case 'decision_maker_appeared':
      return `${personOf(event.after) || capitalised(event.key)} now named on the site.`;
    case 'decision_maker_left':
      return `${personOf(event.before) || capitalised(event.key)} no longer named on the site.`;
    case 'email_changed':
      return `Email: ${listOf(event.before)} → ${listOf(event.after)}.`;
    case 'phone_changed':
      return `Phone: ${listOf(event.before)} → ${listOf(event.after)}.`;
    case 'site_unreachable':
      return 'The website did not answer in the last two runs.';
    case 'site_back':
      return 'The website answers again.';
    case 'domain_moved':
      return `Moved from ${listOf(event.before)} to ${listOf(event.after)}.`;
    case 'icp_tier_changed':
      return `ICP tier ${listOf(event.before)} → ${listOf(event.after)}.`;
    default:
      return 'Changed.';
  }
}

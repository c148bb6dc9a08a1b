/**
 * Events from consecutive observations of one business: what changed between the last observation of a kind
 * and this run's fact, typed, with before, after, the evidence and the page. Rules (README.md):
 * - an equal hash is no event (the value is normalised: order, case, cache-busters and dates make none);
 * - a first observation is no event (nothing to compare with);
 * - the site is unreachable only on the second failed run in a row after it answered, and back only after that;
 * - a failed run records its `site` fact alone, so it is never "stopped hiring" or "software removed".
 */
import type { SignalEventType } from '@argo/contract';
import type {
  ContactsValue,
  Fact,
  FactEvidence,
  FactKind,
  FactValue,
  HiringValue,
  IcpValue,
  PeopleValue,
  SiteValue,
  SoftwareValue,
} from './facts';

export interface SignalEvent {
  type: SignalEventType;
  /** What the event is about within its type (a tool, a role, a person); '' when the type has one item. */
  key: string;
  before: unknown;
  after: unknown;
  evidence: FactEvidence | null;
  page: string | null;
}

/** One stored observation of a kind: its value and how many runs in a row saw it. */
export interface Observed {
  kind: FactKind;
  value: FactValue;
  hash: string;
  /** Runs in a row that saw this value (1: only the run that first saw it). */
  runs: number;
  evidence?: Record<string, FactEvidence> | null;
  page?: string | null;
}

export interface ObservationStep {
  /** The latest observation of the fact's kind, null when none. */
  last: Observed | null;
  /** The one before it, null when none. */
  beforeLast: Observed | null;
  next: Fact;
}

const added = (before: readonly string[], after: readonly string[]) => {
  const old = new Set(before);
  return after.filter((v) => !old.has(v));
};

/** The events between the last observation of a kind and this run's fact. */
export function eventsOf({ last, beforeLast, next }: ObservationStep): SignalEvent[] {
  if (next.kind === 'site') return siteEvents(last, beforeLast, next);
  if (!last || last.hash === next.hash) return [];
  const ev = (key: string) => next.evidence[key] ?? last.evidence?.[key] ?? null;
  const event = (
    type: SignalEventType,
    key: string,
    before: unknown,
    after: unknown,
    evidence: FactEvidence | null = ev(key),
  ): SignalEvent => ({ type, key, before, after, evidence, page: evidence?.page ?? next.page });
  switch (next.kind) {
    case 'software': {
      const a = (last.value as SoftwareValue).tools;
      const b = (next.value as SoftwareValue).tools;
      return [
        ...added(a, b).map((t) => event('software_added', t, null, t)),
        ...added(b, a).map((t) => event('software_removed', t, t, null, last.evidence?.[t] ?? null)),
      ];
    }
    case 'hiring': {
      const a = last.value as HiringValue;
      const b = next.value as HiringValue;
      const events: SignalEvent[] = [];
      if (!a.hiring && b.hiring) events.push(event('hiring_started', '', false, true, null));
      if (a.hiring && !b.hiring) events.push(event('hiring_stopped', '', true, false, null));
      for (const r of added(a.roles, b.roles)) events.push(event('role_opened', r, null, r));
      for (const r of added(b.roles, a.roles))
        events.push(event('role_closed', r, r, null, last.evidence?.[r] ?? null));
      return events;
    }
    case 'people': {
      const a = (last.value as PeopleValue).people;
      const b = (next.value as PeopleValue).people;
      const names = (list: typeof a) => list.map((p) => p.name);
      const roleOf = (list: typeof a, name: string) => list.find((p) => p.name === name) ?? null;
      return [
        ...added(names(a), names(b)).map((n) => event('decision_maker_appeared', n, null, roleOf(b, n))),
        ...added(names(b), names(a)).map((n) =>
          event('decision_maker_left', n, roleOf(a, n), null, last.evidence?.[n] ?? null),
        ),
      ];
    }
    case 'contacts': {
      const a = last.value as ContactsValue;
      const b = next.value as ContactsValue;
      const events: SignalEvent[] = [];
      // Changed: one was replaced by another. An address only found now, or only missed now, is no change.
      if (added(a.emails, b.emails).length && added(b.emails, a.emails).length)
        events.push(
          event('email_changed', '', a.emails, b.emails, ev(added(a.emails, b.emails)[0] as string)),
        );
      if (added(a.phones, b.phones).length && added(b.phones, a.phones).length)
        events.push(
          event('phone_changed', '', a.phones, b.phones, ev(added(a.phones, b.phones)[0] as string)),
        );
      return events;
    }
    case 'icp': {
      const a = (last.value as IcpValue).tier;
      const b = (next.value as IcpValue).tier;
      return a === b ? [] : [event('icp_tier_changed', '', a, b, null)];
    }
    default:
      return [];
  }
}

function siteEvents(last: Observed | null, beforeLast: Observed | null, next: Fact): SignalEvent[] {
  if (!last) return [];
  const a = last.value as SiteValue;
  const b = next.value as SiteValue;
  const page = next.page ?? last.page ?? null;
  const event = (type: SignalEventType, before: unknown, after: unknown): SignalEvent => ({
    type,
    key: '',
    before,
    after,
    evidence: null,
    page,
  });
  if (!b.reachable) {
    // The second failure in a row, after the site answered: one failure is a blip, not a signal.
    const answered = beforeLast ? (beforeLast.value as SiteValue) : null;
    if (!a.reachable && last.runs === 1 && answered?.reachable)
      return [event('site_unreachable', answered.domain, null)];
    return [];
  }
  if (!a.reachable) {
    // Back only when it was reported gone (two failures); a blip's end is nothing.
    const was = beforeLast ? (beforeLast.value as SiteValue) : null;
    const events: SignalEvent[] = [];
    if (last.runs >= 2 && was?.reachable) events.push(event('site_back', null, b.domain));
    if (was?.reachable && was.domain && b.domain && was.domain !== b.domain)
      events.push(event('domain_moved', was.domain, b.domain));
    return events;
  }
  if (a.domain && b.domain && a.domain !== b.domain) return [event('domain_moved', a.domain, b.domain)];
  return [];
}

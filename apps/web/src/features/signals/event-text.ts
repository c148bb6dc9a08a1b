import type { SignalEvent, SignalEventType } from '@argo/contract';

/** The short label of each kind of change, as the filter and the badges show it. */
export const EVENT_LABELS: Record<SignalEventType, string> = {
  software_added: 'Tool added',
  software_removed: 'Tool removed',
  hiring_started: 'Started hiring',
  hiring_stopped: 'Stopped hiring',
  role_opened: 'Role opened',
  role_closed: 'Role closed',
  decision_maker_appeared: 'New decision-maker',
  decision_maker_left: 'Decision-maker left',
  email_changed: 'Email changed',
  phone_changed: 'Phone changed',
  site_unreachable: 'Site unreachable',
  site_back: 'Site back',
  domain_moved: 'Moved domain',
  icp_tier_changed: 'ICP tier changed',
};

/** Good news for a salesperson (green), bad news (red), or neither (blue). */
export function eventColor(type: SignalEventType): string {
  if (
    ['software_added', 'hiring_started', 'role_opened', 'decision_maker_appeared', 'site_back'].includes(type)
  )
    return 'teal';
  if (['site_unreachable', 'hiring_stopped', 'decision_maker_left'].includes(type)) return 'red';
  return 'blue';
}

const listOf = (value: unknown): string =>
  Array.isArray(value) ? value.map(String).join(', ') || 'none' : String(value ?? 'none');

const capitalised = (text: string) =>
  text.replace(/(^|\s)(\p{Ll})/gu, (_m, space: string, letter: string) => space + letter.toUpperCase());

const personOf = (value: unknown) => {
  const person = value as { name?: string; role?: string } | null;
  return person?.name ? `${capitalised(person.name)}${person.role ? ` (${person.role})` : ''}` : '';
};

/** One sentence saying what changed, in the words of the site. */
export function describeEvent(event: Pick<SignalEvent, 'type' | 'key' | 'before' | 'after'>): string {
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

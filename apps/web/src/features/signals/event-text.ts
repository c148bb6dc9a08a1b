import { describeSignalEvent, type SignalEventType } from '@argo/contract';

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

/** One sentence saying what changed (the contract's, shared with the email digest). */
export const describeEvent = describeSignalEvent;

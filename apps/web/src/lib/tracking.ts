import { TRACKING_IDS_KEY } from '../config/constants';

/** A marketing tracking id taken from `?tracking_id=`, stored on the account it leads to. */
export interface TrackingId {
  id: string;
  value: string;
}

export function getTrackingIds(storage: Storage = window.sessionStorage): TrackingId[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TRACKING_IDS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is TrackingId =>
        !!item && typeof item === 'object' && typeof item.id === 'string' && typeof item.value === 'string',
    );
  } catch {
    return [];
  }
}

/** Keeps the `tracking_id` of the current URL, once per value. Answers the stored list. */
export function captureTrackingId(
  search: string = window.location.search,
  storage: Storage = window.sessionStorage,
): TrackingId[] {
  const value = new URLSearchParams(search).get('tracking_id')?.trim();
  const ids = getTrackingIds(storage);
  if (!value || ids.some((item) => item.value === value)) return ids;
  const next = [...ids, { id: crypto.randomUUID(), value }];
  storage.setItem(TRACKING_IDS_KEY, JSON.stringify(next));
  return next;
}

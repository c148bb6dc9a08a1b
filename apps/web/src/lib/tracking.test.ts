import { describe, expect, it } from 'vitest';
import { captureTrackingId, getTrackingIds } from './tracking';

describe('tracking ids', () => {
  it('keeps each tracking_id of the URL once, with a random id', () => {
    captureTrackingId('?tracking_id=spring-ad&x=1');
    captureTrackingId('?tracking_id=spring-ad');
    captureTrackingId('?tracking_id=newsletter');
    captureTrackingId('?other=1');
    const ids = getTrackingIds();
    expect(ids.map((item) => item.value)).toEqual(['spring-ad', 'newsletter']);
    expect(ids[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(sessionStorage.getItem('trackingIds') ?? '[]')).toEqual(ids);
  });

  it('answers an empty list when nothing (or garbage) is stored', () => {
    expect(getTrackingIds()).toEqual([]);
    sessionStorage.setItem('trackingIds', '{not json');
    expect(getTrackingIds()).toEqual([]);
  });
});

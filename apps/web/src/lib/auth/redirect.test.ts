import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './redirect';

describe('safeRedirectTarget', () => {
  it.each([
    [undefined, '/'],
    ['/results?session_id=abc', '/results?session_id=abc'],
    ['//evil.example', '/'],
    ['https://evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/logout', '/'],
    ['/login?redirect=/x', '/'],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirectTarget(input)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone';

describe('formatPhone', () => {
  it('groups a stored E.164 number the way its country writes it, after the country code', () => {
    expect(formatPhone('+19722500002')).toBe('+1 972 250 0002');
    expect(formatPhone('+4930123456')).toBe('+49 30 123456');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
  });

  it('shows what does not parse as it is', () => {
    expect(formatPhone('ask at the counter')).toBe('ask at the counter');
    expect(formatPhone('')).toBe('');
  });
});

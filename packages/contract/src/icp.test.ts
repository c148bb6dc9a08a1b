import { describe, expect, it } from 'vitest';
import { employeeRangeText } from './icp';

describe('employeeRangeText', () => {
  it('words a size range, a range of one number without repeating it, and open ends', () => {
    expect(employeeRangeText(10, 50)).toBe('10–50 employees');
    expect(employeeRangeText(17, 17)).toBe('17 employees');
    expect(employeeRangeText(10, null)).toBe('10+ employees');
    expect(employeeRangeText(null, 50)).toBe('up to 50 employees');
    expect(employeeRangeText(null, undefined)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell } from './csv';

describe('csvCell', () => {
  it('neutralises what a spreadsheet would run, but keeps an E.164 phone number as it is', () => {
    expect(csvCell('+4930123456')).toBe('+4930123456');
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvCell('+49=1+2')).toBe("'+49=1+2");
    expect(csvCell('+SUM(A1)')).toBe("'+SUM(A1)");
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  });
});

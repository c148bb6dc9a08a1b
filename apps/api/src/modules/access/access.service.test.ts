import { describe, expect, it } from 'vitest';
import { hasSessionRight } from './access.service';

describe('hasSessionRight', () => {
  it('view reads only; edit also updates and runs; owner and admin also delete and share', () => {
    const table = (['owner', 'admin', 'edit', 'view'] as const).map((access) => [
      access,
      hasSessionRight(access, 'view'),
      hasSessionRight(access, 'edit'),
      hasSessionRight(access, 'manage'),
    ]);
    expect(table).toEqual([
      ['owner', true, true, true],
      ['admin', true, true, true],
      ['edit', true, true, false],
      ['view', true, false, false],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { sessionSearchSchema } from './search-params';

describe('sessionSearchSchema', () => {
  it('keeps session_id as text, also when the router parsed it as a number', () => {
    expect(sessionSearchSchema.parse({ session_id: 'abc' })).toEqual({ session_id: 'abc' });
    expect(sessionSearchSchema.parse({ session_id: 12 })).toEqual({ session_id: '12' });
    expect(sessionSearchSchema.parse({})).toEqual({});
  });
});

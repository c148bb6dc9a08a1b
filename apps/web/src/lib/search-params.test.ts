import { describe, expect, it } from 'vitest';
import { jsonObject, oneOf, readSessionSearch, text, textList, wholeNumber } from './search-params';

describe('search parameters', () => {
  it('keeps session_id as text, also when the router parsed it as a number', () => {
    expect(readSessionSearch({ session_id: 'abc' })).toEqual({ session_id: 'abc' });
    expect(readSessionSearch({ session_id: 12 })).toEqual({ session_id: '12' });
    expect(readSessionSearch({})).toEqual({});
    expect(readSessionSearch({ session_id: { evil: true } })).toEqual({});
  });

  it('reads each kind of value, and falls back on anything hand-edited wrong', () => {
    expect(text(Number.NaN)).toBeUndefined();
    expect(oneOf('asc', ['asc', 'desc'])).toBe('asc');
    expect(oneOf('sideways', ['asc', 'desc'])).toBeUndefined();
    expect(wholeNumber('3', 0)).toBe(3);
    expect(wholeNumber(-1, 0)).toBe(0);
    expect(wholeNumber(2.5, 0)).toBe(0);
    expect(wholeNumber('', 7)).toBe(7);
    expect(wholeNumber(500, 50, { allowed: [50, 500] })).toBe(500);
    expect(wholeNumber(51, 50, { allowed: [50, 500] })).toBe(50);
    expect(textList('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(textList(['a', 2])).toEqual(['a', '2']);
    expect(textList([{}])).toBeUndefined();
    expect(jsonObject('{"city":["Leeds"]}')).toEqual({ city: ['Leeds'] });
    expect(jsonObject('[1]')).toBeUndefined();
    expect(jsonObject('{nope')).toBeUndefined();
  });
});

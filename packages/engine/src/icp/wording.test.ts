import { describe, expect, it } from 'vitest';
import { listOf } from './wording';

describe('listOf', () => {
  it('joins as a sentence does, without a comma before the last', () => {
    expect(listOf([])).toBe('');
    expect(listOf(['Frisco'])).toBe('Frisco');
    expect(listOf(['Frisco', 'Richardson'])).toBe('Frisco and Richardson');
    expect(listOf(['Shopify', 'Stripe', 'Klaviyo'])).toBe('Shopify, Stripe and Klaviyo');
    expect(listOf(['dentists', 'orthodontists', 'dental labs', 'clinics'], 'or')).toBe(
      'dentists, orthodontists, dental labs or clinics',
    );
  });

  it('keeps each value as it is, commas and all', () => {
    expect(listOf(['Leeds, West Yorkshire', 'York'], 'or')).toBe('Leeds, West Yorkshire or York');
  });
});

import { describe, expect, it } from 'vitest';
import { hostOf } from './cells';
import { shortUrl } from './drawer-parts';

describe('a website as short link text', () => {
  it('shows the domain of a site on the default port', () => {
    expect(hostOf({ domain: 'baeckerei-huber.de', website: 'https://www.baeckerei-huber.de/' })).toBe(
      'baeckerei-huber.de',
    );
    expect(shortUrl('https://www.baeckerei-huber.de/filialen/')).toBe('baeckerei-huber.de/filialen');
  });

  it('keeps the port, so two local sites on one address are told apart', () => {
    expect(hostOf({ domain: '127.0.0.1', website: 'http://127.0.0.1:8201/site-1/' })).toBe('127.0.0.1:8201');
    expect(hostOf({ domain: '127.0.0.1', website: 'http://127.0.0.1:8202/' })).toBe('127.0.0.1:8202');
    expect(shortUrl('http://127.0.0.1:8201/site-1/')).toBe('127.0.0.1:8201/site-1');
  });
});

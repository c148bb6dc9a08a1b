import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';
import { tileImageSource } from './map';

describe('the map tile configuration', () => {
  it('allows images from the tile template’s origin, a {s} subdomain as a wildcard', () => {
    expect(tileImageSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileImageSource('http://127.0.0.1:8123/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8123');
    expect(tileImageSource('https://{s}.tile.Example.com:8443/{z}/{x}/{y}{r}.png?key=abc')).toBe(
      'https://*.tile.example.com:8443',
    );
  });

  it('refuses a template the browser could not load tiles from, naming the variable and the fix', () => {
    const problems = (value: string) => {
      try {
        loadConfig({ MAP_TILE_URL: value });
      } catch (error) {
        if (error instanceof ConfigError) return error.problems.join('\n');
        throw error;
      }
      return '';
    };
    expect(problems('https://tiles.example.com/{z}/{x}/{y}.png')).toBe('');
    expect(problems('ftp://tiles.example.com/{z}/{x}/{y}.png')).toMatch(
      /^MAP_TILE_URL=.*must be an http\(s\) URL template/,
    );
    expect(problems('https://tiles.example.com/tile.png')).toContain('must contain {z}, {x} and {y}');
    expect(problems('https://tiles.example.com/{s}/{z}/{x}/{y}.png')).toContain('{s} only in the host name');
    expect(problems("https://tiles.example.com/{z}/{x}/{y}.png' onerror")).toContain(
      'must be an http(s) URL',
    );
    expect(() => loadConfig({ MAP_TILE_MAX_ZOOM: '30' })).toThrow(/MAP_TILE_MAX_ZOOM="30": must be 1–24/);
  });
});

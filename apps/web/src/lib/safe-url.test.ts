import { describe, expect, it } from 'vitest';
import { webUrl } from './safe-url';

describe('webUrl', () => {
  it('keeps http and https addresses', () => {
    expect(webUrl('https://brot.example/jobs')).toBe('https://brot.example/jobs');
    expect(webUrl(' http://brot.example ')).toBe('http://brot.example/');
  });

  it('refuses other schemes, relative paths and junk', () => {
    for (const value of [
      'javascript:window.__xss=1',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '/relative/path',
      'not a url',
      '',
      null,
      undefined,
    ]) {
      expect(webUrl(value), String(value)).toBeNull();
    }
  });
});

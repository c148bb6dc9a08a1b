import { describe, expect, it, vi } from 'vitest';
import { createVersionCheck } from './version-check';

function serve(...bodies: string[]) {
  return vi.fn<typeof fetch>(async () => new Response(bodies.length > 1 ? bodies.shift() : bodies[0]));
}

describe('the version check', () => {
  it('only stores the version on the first run', async () => {
    const reload = vi.fn();
    const fetchFn = serve('20260101T000000-abc123\n');
    const check = createVersionCheck({ fetch: fetchFn, reload });
    expect(await check()).toBe('stored');
    expect(localStorage.getItem('argo-version')).toBe('20260101T000000-abc123');
    expect(reload).not.toHaveBeenCalled();
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('/version.txt');
    expect(init?.cache).toBe('no-store');
  });

  it('first run of a page load: a different stored version is replaced without a reload', async () => {
    localStorage.setItem('argo-version', 'v0');
    const reload = vi.fn();
    expect(await createVersionCheck({ fetch: serve('v1'), reload })()).toBe('stored');
    expect(localStorage.getItem('argo-version')).toBe('v1');
    expect(reload).not.toHaveBeenCalled();
  });

  it('later runs do nothing while the version is the same, and reload when it changes', async () => {
    const reload = vi.fn();
    const check = createVersionCheck({ fetch: serve('v1', 'v1', 'v2'), reload });
    expect(await check()).toBe('stored');
    expect(await check()).toBe('same');
    expect(reload).not.toHaveBeenCalled();
    expect(await check()).toBe('reloading');
    expect(localStorage.getItem('argo-version')).toBe('v2');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never blocks: a 404, an HTML fallback or a network error is ignored', async () => {
    localStorage.setItem('argo-version', 'v1');
    const reload = vi.fn();
    const answers = [
      new Response('nope', { status: 404 }),
      new Response('<!doctype html><html></html>', { headers: { 'Content-Type': 'text/html' } }),
    ];
    const fetchFn = vi.fn<typeof fetch>(async () => {
      const next = answers.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return next;
    });
    const check = createVersionCheck({ fetch: fetchFn, reload });
    expect(await check()).toBe('skipped');
    expect(await check()).toBe('skipped');
    expect(await check()).toBe('skipped');
    expect(localStorage.getItem('argo-version')).toBe('v1');
    expect(reload).not.toHaveBeenCalled();
  });
});

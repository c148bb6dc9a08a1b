/**
 * Test helper (not shipped behaviour): page shapes built to make an HTML reader slow — the engine's hostile-pages
 * test and the API's bad-input proof serve them from a local server and read them as a crawled page is read.
 * Each is bigger than the fetcher keeps (2 MB) or close to it.
 */
import { startServer } from './test-server';

const page = (body: string) => `<html><head><title>Hostile</title></head><body>${body}</body></html>`;

/** `levels` nested elements with `inner` at the bottom (200,000 levels: 2.2 MB). */
export const deepNesting = (levels = 200_000, inner = 'x') =>
  page(`${'<div>'.repeat(levels)}${inner}${'</div>'.repeat(levels)}`);

/** A million sibling paragraphs (3 MB: the fetcher keeps two thirds of them). */
export const manySiblings = (count = 1_000_000) => page('<p>'.repeat(count));

/** One element with `count` attributes (100,000: 1.1 MB). */
export const manyAttributes = (count = 100_000) =>
  page(`<div ${Array.from({ length: count }, (_, i) => `data-a${i}="${i}"`).join(' ')}>x</div>`);

/** One paragraph on a single line of `bytes` characters (20 MB: the fetcher keeps the first 2 MB). */
export const singleLine = (bytes = 20 * 1024 * 1024) =>
  page(`<p>${'word '.repeat(Math.ceil(bytes / 5))}</p>`);

export interface HostileSite {
  /** http://127.0.0.1:port */
  origin: string;
  close(): Promise<void>;
}

/** Serves `pages` (path → HTML) from 127.0.0.1; any other path is a 404 (robots.txt too: everything allowed). */
export async function serveHostilePages(pages: Record<string, string>): Promise<HostileSite> {
  const server = await startServer((req, res) => {
    const html = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (html === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  return { origin: server.origin, close: () => server.close() };
}

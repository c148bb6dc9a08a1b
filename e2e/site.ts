import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Site {
  /** e.g. http://127.0.0.1:41234/ (with the trailing slash). */
  url: string;
  close(): Promise<void>;
}

/**
 * A small website on 127.0.0.1 for the crawler (the e2e server's CRAWL_ALLOW_HOSTS lets it reach 127.0.0.1):
 * `pages` maps a path to its body; `.txt` paths are served as text/plain, the others as HTML, unknown paths 404.
 */
export async function serveSite(pages: Record<string, string>): Promise<Site> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    const body = pages[path];
    if (body === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    const type = path.endsWith('.txt') ? 'text/plain' : 'text/html; charset=utf-8';
    response.writeHead(200, { 'Content-Type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

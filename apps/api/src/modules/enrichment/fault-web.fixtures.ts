/**
 * Test helper (not shipped behaviour): a fault web of small business sites that fail the ways real ones do, each
 * on its own host name (the test's DNS maps them to the local server).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const FAULT_HOSTS = [
  'slow.fault.test',
  'reset.fault.test',
  'error.fault.test',
  'huge.fault.test',
  'loop.fault.test',
  'binary.fault.test',
  'latin1.fault.test',
  'robots.fault.test',
  'plain.fault.test',
];

export interface FaultState {
  /** Requests the server has answered (or dropped) so far. */
  requests: number;
  /** error.fault.test answers 503 until this turns true, then a WordPress page. */
  errorHostHealed: boolean;
}

const WORDPRESS_PAGE = `<!doctype html><html><head><meta name="generator" content="WordPress 6.4.2">
<link rel="stylesheet" href="/wp-content/themes/twentytwenty/style.css"><title>Bäckerei Müller</title></head>
<body><h1>Bäckerei Müller — Brot & Brötchen</h1><p>Frische Brötchen seit 1952.</p>
<script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script></body></html>`;

const PLAIN_PAGE = '<!doctype html><html><head><title>Plain</title></head><body><p>Hello.</p></body></html>';

/** Windows-1252 bytes of the WordPress page, labelled as UTF-8 in the header (a common misconfiguration). */
function latin1Bytes(): Buffer {
  return Buffer.from(WORDPRESS_PAGE.replace('<head>', '<head><meta charset="windows-1252">'), 'latin1');
}

function html(res: ServerResponse, body: string | Buffer, contentType = 'text/html; charset=utf-8') {
  res.writeHead(200, { 'content-type': contentType });
  res.end(body);
}

export function faultHandler(state: FaultState) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/robots.txt' && host !== 'robots.fault.test' && host !== 'slow.fault.test') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('none');
      return;
    }
    switch (host) {
      case 'slow.fault.test':
        return; // never answers: the fetcher's time limit ends it
      case 'reset.fault.test':
        req.socket.destroy();
        return;
      case 'error.fault.test':
        if (state.errorHostHealed) return html(res, WORDPRESS_PAGE);
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<h1>Service Unavailable</h1>');
        return;
      case 'huge.fault.test':
        return streamHuge(res, 50 * 1024 * 1024);
      case 'loop.fault.test':
        res.writeHead(302, { location: path === '/a' ? '/b' : '/a' });
        res.end();
        return;
      case 'binary.fault.test':
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(Buffer.alloc(64 * 1024, 7));
        return;
      case 'latin1.fault.test':
        return html(res, latin1Bytes());
      case 'robots.fault.test':
        if (path === '/robots.txt') {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('User-agent: *\nDisallow: /\n');
          return;
        }
        return html(res, WORDPRESS_PAGE);
      default:
        return html(res, PLAIN_PAGE);
    }
  };
}

/** `bytes` of HTML, written as the client reads (it stops at its size cap and closes). */
function streamHuge(res: ServerResponse, bytes: number) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  const chunk = Buffer.from(`<p>${'lorem ipsum '.repeat(5000)}</p>\n`);
  let sent = 0;
  const write = () => {
    while (sent < bytes) {
      const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
      sent += piece.length;
      if (!res.write(piece)) {
        res.once('drain', write);
        return;
      }
    }
    res.end();
  };
  res.on('close', () => {
    sent = bytes;
  });
  res.write('<!doctype html><html><head><title>Huge</title></head><body>');
  write();
}

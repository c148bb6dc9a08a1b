import { Negotiator } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Compresses every answer of 1 KB or more for a client that accepts it: a page of results shrinks many times over for
 * little CPU at gzip's fastest level. gzip comes first of what a browser accepts: brotli (at the plugin's quality 4)
 * cost the API several times more per page of results than gzip, and gzip's default level more than its fastest
 * (figures in docs/performance.md). An answer that is already compressed (the kept CSV exports, the web app's
 * pre-compressed assets) is sent as it is. zstd is left out so that every supported Node answers alike.
 * The sign-in routes opt out (`compress: false`): they answer with secrets (tokens, session cookies) to requests a
 * foreign page can make the browser send with its cookies, which is what a BREACH attack needs. The other /api
 * calls need a bearer token no foreign page has.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['gzip', 'deflate', 'br'],
    zlibOptions: { level: 1 },
    threshold: 1024,
    syncThreshold: SYNC_THRESHOLD,
  });
}

/**
 * The largest answer compressed in one call on the event loop (a page of 50 results is well under it and cheap to
 * compress); larger ones and streams go through a zlib stream on libuv's threadpool. The plugin's default on two
 * cores is 8 KB: every page of results then took a zlib stream, whose hops between the threadpool and a busy event
 * loop cost more than the compression (the load bench's p95 was worse; figures in docs/performance.md).
 */
const SYNC_THRESHOLD = 1024 * 1024;

const gzipNegotiator = new Negotiator({ supportedValues: ['gzip'] });

/** Whether the request's Accept-Encoding allows gzip (`gzip`, `*`, not `gzip;q=0`); content codings ignore case. */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && gzipNegotiator.negotiate(header.toLowerCase()) === 'gzip';
}

import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { routes } from '@argo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { acceptsGzip } from '../../http/compression';
import { route } from '../../http/route';
import { type ExportFile, exportContacts, exportResults, getResults } from './businesses.service';
import { getResultsMap, getSessionBusiness } from './results-map.service';
import { forgetView, getSavedView, saveView } from './saved-views.service';

export function registerBusinessRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, routes.sessionsResults, async ({ params, query, request }) =>
    getResults(deps.db, requireUser(request), params.id, query),
  );

  route(app, routes.sessionsResultsMap, async ({ params, query, request }) =>
    getResultsMap(deps.db, requireUser(request), params.id, query),
  );

  route(app, routes.sessionsBusiness, async ({ params, request }) =>
    getSessionBusiness(deps.db, requireUser(request), params.id, params.business_id),
  );

  route(app, routes.sessionsExport, async ({ params, query, request, reply }) =>
    sendFile(
      request,
      reply,
      await exportResults(deps.db, deps.downloads, requireUser(request), params.id, query, now(deps)),
    ),
  );

  route(app, routes.sessionsExportContacts, async ({ params, query, request, reply }) =>
    sendFile(
      request,
      reply,
      await exportContacts(deps.db, deps.downloads, requireUser(request), params.id, query, now(deps)),
    ),
  );

  // The caller's own saved view of the results.
  route(app, routes.sessionsViewGet, async ({ params, request }) =>
    getSavedView(deps.db, requireUser(request), params.id),
  );
  route(app, routes.sessionsViewPut, async ({ params, body, request }) =>
    saveView(deps.db, requireUser(request), params.id, body),
  );
  route(app, routes.sessionsViewDelete, async ({ params, request }) =>
    forgetView(deps.db, requireUser(request), params.id),
  );
}

const now = (deps: AppDeps) => deps.clock?.() ?? new Date();

/**
 * An export as a download: a gzipped one (a kept CSV) as it is to a client that accepts gzip, else decompressed on
 * the way (and then compressed as the client accepts, by http/compression.ts, like any answer).
 */
function sendFile(request: FastifyRequest, reply: FastifyReply, file: ExportFile): string {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', file.contentDisposition)
    .header('cache-control', 'no-store')
    .header('vary', 'accept-encoding');
  let body = file.body;
  if (file.encoding === 'gzip') {
    if (acceptsGzip(request)) reply.header('content-encoding', 'gzip');
    // Large chunks: each is a hop to the threadpool and back, slow on an event loop that serves 50 users.
    else body = pipeline(body, createGunzip({ chunkSize: 256 * 1024 }), () => {});
  }
  // The route table types the exports as text; Fastify sends the stream with backpressure.
  return body as unknown as string;
}

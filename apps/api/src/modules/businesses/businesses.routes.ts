import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { routes } from '@argo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { acceptsGzip } from '../../http/compression';
import { route } from '../../http/route';
import { type CsvExport, exportContacts, exportResults, getResults } from './businesses.service';
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
    sendCsv(
      request,
      reply,
      await exportResults(deps.db, deps.downloads, requireUser(request), params.id, query, now(deps)),
    ),
  );

  route(app, routes.sessionsExportContacts, async ({ params, query, request, reply }) =>
    sendCsv(
      request,
      reply,
      await exportContacts(deps.db, deps.downloads, requireUser(request), params.id, query, now(deps)),
    ),
  );

  // The caller's own saved view of the results (issue 14 part 5).
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
 * A CSV export as a download: a gzipped one (a kept export) as it is to a client that accepts gzip, else
 * decompressed on the way (and then compressed as the client accepts, by http/compression.ts, like any answer).
 */
function sendCsv(request: FastifyRequest, reply: FastifyReply, csv: CsvExport): string {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', csv.contentDisposition)
    .header('cache-control', 'no-store')
    .header('vary', 'accept-encoding');
  let body = csv.body;
  if (csv.encoding === 'gzip') {
    if (acceptsGzip(request)) reply.header('content-encoding', 'gzip');
    // Large chunks: each is a hop to the threadpool and back, slow on an event loop that serves 50 users.
    else body = pipeline(body, createGunzip({ chunkSize: 256 * 1024 }), () => {});
  }
  // The route table types the exports as text; Fastify sends the stream with backpressure.
  return body as unknown as string;
}

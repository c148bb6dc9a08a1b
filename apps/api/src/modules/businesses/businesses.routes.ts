import { routes } from '@argo/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import { type CsvExport, exportContacts, exportResults, getResults } from './businesses.service';

export function registerBusinessRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, routes.sessionsResults, async ({ params, query, request }) =>
    getResults(deps.db, requireUser(request), params.id, query),
  );

  route(app, routes.sessionsExport, async ({ params, query, request, reply }) =>
    sendCsv(reply, await exportResults(deps.db, requireUser(request), params.id, query, now(deps))),
  );

  route(app, routes.sessionsExportContacts, async ({ params, query, request, reply }) =>
    sendCsv(reply, await exportContacts(deps.db, requireUser(request), params.id, query, now(deps))),
  );
}

const now = (deps: AppDeps) => deps.clock?.() ?? new Date();

function sendCsv(reply: FastifyReply, csv: CsvExport): string {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', csv.contentDisposition)
    .header('cache-control', 'no-store');
  // The route table types the exports as text; Fastify sends the stream with backpressure.
  return csv.body as unknown as string;
}

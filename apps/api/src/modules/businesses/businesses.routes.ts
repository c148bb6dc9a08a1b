import { routes } from '@argo/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
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
    sendCsv(reply, await exportResults(deps.db, requireUser(request), params.id, query, now(deps))),
  );

  route(app, routes.sessionsExportContacts, async ({ params, query, request, reply }) =>
    sendCsv(reply, await exportContacts(deps.db, requireUser(request), params.id, query, now(deps))),
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

function sendCsv(reply: FastifyReply, csv: CsvExport): string {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', csv.contentDisposition)
    .header('cache-control', 'no-store');
  // The route table types the exports as text; Fastify sends the stream with backpressure.
  return csv.body as unknown as string;
}

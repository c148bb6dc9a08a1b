import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import {
  changeWatch,
  createWatch,
  getSignalsSettings,
  listSessionWatches,
  listSignalEvents,
  markSignalsSeen,
  stopWatch,
  updateSignalsSettings,
} from './signals.service';

export function registerSignalsRoutes(app: FastifyInstance, deps: AppDeps) {
  const signals = { db: deps.db, ...(deps.clock ? { clock: deps.clock } : {}) };

  route(app, routes.signalsWatchesList, async ({ query, request }) =>
    listSessionWatches(signals, requireUser(request), query.session_id),
  );

  route(app, routes.signalsWatchesCreate, async ({ body, request }) =>
    createWatch(signals, requireUser(request), body),
  );

  route(app, routes.signalsWatchesUpdate, async ({ params, body, request }) =>
    changeWatch(signals, requireUser(request), params.id, body),
  );

  route(app, routes.signalsWatchesDelete, async ({ params, request }) => {
    await stopWatch(signals, requireUser(request), params.id);
    return undefined;
  });

  route(app, routes.signalsEvents, async ({ query, request }) =>
    listSignalEvents(signals, requireUser(request), query),
  );

  route(app, routes.signalsSeen, async ({ request }) => markSignalsSeen(signals, requireUser(request)));

  route(app, routes.signalsSettingsGet, async ({ request }) =>
    getSignalsSettings(signals, requireUser(request)),
  );

  route(app, routes.signalsSettingsUpdate, async ({ body, request }) =>
    updateSignalsSettings(signals, requireUser(request), body),
  );
}

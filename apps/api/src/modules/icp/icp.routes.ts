import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import type { IcpDeps } from './icp.deps';
import { getOverview } from './icp.overview.service';
import { changeProfile, createProfiles, generateContent, listProfiles, removeProfile } from './icp.service';

export function registerIcpRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const icp: IcpDeps = {
    db,
    languageModel: deps.languageModel ?? null,
    onModelFallback: (what, error) =>
      app.log.warn({ err: error }, `language model answer for ${what} rejected; used the built-in text`),
  };

  route(app, routes.icpOverview, async ({ body, request }) =>
    getOverview(icp, requireUser(request), body.session_id),
  );

  route(app, routes.icpCreateProfiles, async ({ body, request }) =>
    createProfiles(icp, requireUser(request), body),
  );

  route(app, routes.icpGenerateContent, async ({ body, request }) =>
    generateContent(icp, requireUser(request), body),
  );

  route(app, routes.icpListProfiles, async ({ query, request }) =>
    listProfiles(db, requireUser(request), query.venture_id),
  );

  route(app, routes.icpUpdateProfile, async ({ params, body, request }) =>
    changeProfile(db, requireUser(request), params.id, body),
  );

  route(app, routes.icpDeleteProfile, async ({ params, request }) => {
    await removeProfile(db, requireUser(request), params.id);
    return undefined;
  });
}

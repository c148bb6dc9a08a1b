import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import { startEnrichment } from './enrichment.service';

export function registerEnrichmentRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = { db: deps.db, jobs: deps.jobs };
  const single = [
    [routes.enrichmentAiSummary, 'ai_summary'],
    [routes.enrichmentUnified, 'unified'],
    [routes.enrichmentIcpAnalysis, 'icp_analysis'],
    [routes.enrichmentCareerAnalysis, 'career_analysis'],
    [routes.enrichmentSoftwareDetection, 'software_detection'],
  ] as const;
  for (const [definition, type] of single) {
    route(app, definition, async ({ body, request }) =>
      startEnrichment(service, requireUser(request), { ...body, types: [type] }),
    );
  }
  route(app, routes.enrichmentRun, async ({ body, request }) =>
    startEnrichment(service, requireUser(request), body),
  );
}

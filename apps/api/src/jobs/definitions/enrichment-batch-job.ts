import { z } from 'zod';
import { runEnrichmentBatchJob } from '../../modules/enrichment/enrichment-batch.runner';
import { defineJob } from '../define-job';

const EnrichmentBatchPayload = z.object({
  session_id: z.uuid(),
  token: z.uuid(),
  after: z.uuid().nullable(),
  through: z.uuid(),
});

/**
 * One id range of an enrichment run, taken by any worker (enrichment-batch.runner.ts). A retry after a crash or an
 * expiry does the range's businesses still to do; the coordinator (`session.enrich`) sweeps again for any whose
 * retries ran out.
 */
export const enrichmentBatchJob = defineJob({
  name: 'session.enrich.batch',
  payload: EnrichmentBatchPayload,
  handler: runEnrichmentBatchJob,
  options: { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 30 * 60 },
});

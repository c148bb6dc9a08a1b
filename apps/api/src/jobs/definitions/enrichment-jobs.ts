import { runEnrichmentJob } from '../../modules/enrichment/enrichment.runner';
import { defineJob } from '../define-job';
import { SessionJobPayload } from './session-jobs';

/**
 * Crawls and analyses the businesses of a session (PRODUCT §6). Resumes from the per-business state, so a retry
 * after a crash, an expiry or a shutdown does only what is left.
 */
export const enrichmentJob = defineJob({
  name: 'session.enrich',
  payload: SessionJobPayload,
  handler: runEnrichmentJob,
  options: { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 2 * 60 * 60 },
});

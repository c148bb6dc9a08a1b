import { runEnrichmentJob } from '../../modules/enrichment/enrichment.runner';
import { defineJob } from '../define-job';
import { SessionJobPayload } from './session-jobs';

/**
 * Crawls and analyses the businesses of a session: the coordinator, which sends the batch jobs any
 * worker takes and follows them. Resumes from its state and the per-business state, so a retry after a crash, an
 * expiry or a shutdown goes on with what is left. It waits as long as its batches run: a long expiry.
 */
export const enrichmentJob = defineJob({
  name: 'session.enrich',
  payload: SessionJobPayload,
  handler: runEnrichmentJob,
  options: {
    retryLimit: 5,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 12 * 60 * 60,
    // A coordinator mostly waits: many per process, so one account's sessions never keep another's from starting.
    teamSize: 8,
  },
});

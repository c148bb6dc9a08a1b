import type { JobDefinition } from '../define-job';
import { crmPushJob, crmSyncJob } from './crm-jobs';
import { enrichmentBatchJob } from './enrichment-batch-job';
import { enrichmentJob } from './enrichment-jobs';
import { competitorsJob, discoverJob, importJob } from './session-jobs';
import { signalsDigestJob, signalsTickJob } from './signals-jobs';
import { webhookDeliverJob } from './webhook-jobs';

/**
 * Every background job; `npm start` and `npm run worker` start workers for all of them.
 * Enrichment jobs join here with their issue. (Deleting a session needs no job: its businesses, enrichment rows
 * and shares go with it in one cascading statement, ~1.2 s for 100,000 businesses.)
 */
export const jobDefinitions: readonly JobDefinition[] = [
  discoverJob,
  importJob,
  competitorsJob,
  enrichmentJob,
  enrichmentBatchJob,
  signalsTickJob,
  signalsDigestJob,
  crmPushJob,
  crmSyncJob,
  webhookDeliverJob,
];

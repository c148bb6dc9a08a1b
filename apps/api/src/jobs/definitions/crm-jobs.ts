import { CrmJobPayload, runCrmPushJob, runCrmSyncJob } from '../../modules/crm/crm.runner';
import { defineJob, type JobOptions } from '../define-job';

/** Both resume from their stored cursor, so a retry after a crash or a CRM outage goes on where it stopped. */
const options: JobOptions<CrmJobPayload> = {
  retryLimit: 4,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 60 * 60,
};

/** Pushes a session's chosen businesses with their people to a connected CRM. */
export const crmPushJob = defineJob({
  name: 'crm.push',
  payload: CrmJobPayload,
  handler: runCrmPushJob,
  options,
});

/** Reads a connected CRM's companies and contacts, to mark the businesses it already holds. */
export const crmSyncJob = defineJob({
  name: 'crm.sync',
  payload: CrmJobPayload,
  handler: runCrmSyncJob,
  options,
});

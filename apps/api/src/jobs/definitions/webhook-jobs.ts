import { z } from 'zod';
import { deliverWebhook } from '../../modules/webhooks/webhooks.runner';
import { defineJob, type JobDefinition } from '../define-job';

const DeliverPayload = z.object({ delivery_id: z.uuid(), attempts: z.int().min(0) });

/**
 * One attempt at one webhook delivery (modules/webhooks/webhooks.runner.ts). The delivery's own schedule retries a
 * failed attempt; pg-boss retries the job only when its worker died or the database failed.
 */
export const webhookDeliverJob: JobDefinition<typeof DeliverPayload> = defineJob({
  name: 'webhook.deliver',
  payload: DeliverPayload,
  handler: (payload, ctx) => deliverWebhook(payload, ctx, webhookDeliverJob),
  options: { retryLimit: 3, retryDelay: 30, expireInSeconds: 120, teamSize: 4 },
});

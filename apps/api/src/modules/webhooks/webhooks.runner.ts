/**
 * The `webhook.deliver` job: one attempt at one delivery. It takes the delivery (claimDelivery: pending, nobody
 * else sending, the attempt it was queued for), posts the stored body signed with the subscription's secret, and
 * records the answer. A 2xx makes it delivered for good; anything else records why and queues the next attempt
 * after a doubling pause, until the delivery's 24 hours are up. The job itself fails (and pg-boss retries it) only
 * when the database does.
 */

import { WEBHOOK_SIGNATURE_HEADER } from '@argo/contract';
import { signWebhookBody } from '@argo/engine';
import type { JobDefinition, JobRunContext } from '../../jobs/define-job';
import { retryPauseSeconds } from './webhooks.deps';
import { claimDelivery, recordDelivered, recordFailure } from './webhooks.repository';

export interface DeliverPayload {
  delivery_id: string;
  /** Attempts made when this job was queued: a job left over from an earlier schedule finds another count and leaves. */
  attempts: number;
}

export async function deliverWebhook(
  payload: DeliverPayload,
  ctx: JobRunContext,
  self: JobDefinition,
): Promise<void> {
  const deps = ctx.webhooks;
  if (!deps) throw new Error('webhook.deliver needs the worker context `webhooks`');
  const claimed = await claimDelivery(ctx.db, payload.delivery_id, payload.attempts, deps.leaseSeconds);
  if (!claimed) return;
  const timestamp = Math.floor(Date.now() / 1000);
  const outcome = await deps.sender.send(claimed.url, claimed.body, {
    [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(claimed.secret, timestamp, claimed.body),
    'Argo-Event-Id': claimed.event_id,
    'Argo-Event-Type': claimed.event_type,
  });
  if (outcome.ok) {
    await recordDelivered(ctx.db, claimed.id, outcome.status);
    return;
  }
  const pause = retryPauseSeconds(claimed.attempts, deps.retryBaseSeconds);
  const { retry, attempts } = await recordFailure(
    ctx.db,
    claimed.id,
    { statusCode: outcome.status, error: outcome.error },
    pause,
  );
  ctx.log.info(
    { deliveryId: claimed.id, status: outcome.status, error: outcome.error, retry },
    'webhook delivery failed',
  );
  if (retry && ctx.jobs) {
    await ctx.jobs.enqueue(self, { delivery_id: claimed.id, attempts }, { startAfter: pause });
  }
}

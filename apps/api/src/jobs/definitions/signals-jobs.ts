import { z } from 'zod';
import { runSignalsDigest } from '../../modules/signals/digest.runner';
import { runSignalsTick } from '../../modules/signals/watch.runner';
import { defineJob } from '../define-job';

/**
 * Every five minutes, over every worker process once (pg-boss's cron): starts the re-enrichments of the watches
 * that are due (modules/signals/watch.runner.ts). A missed tick is caught up by the next one: what is due stays due.
 */
export const signalsTickJob = defineJob({
  name: 'signals.tick',
  payload: z.object({}),
  handler: async (_payload, ctx) => runSignalsTick(ctx),
  options: { cron: '*/5 * * * *', retryLimit: 0, expireInSeconds: 10 * 60, policy: 'singleton' },
});

/** Every hour, once over every worker: mails the daily and weekly digests that are due (digest.runner.ts). */
export const signalsDigestJob = defineJob({
  name: 'signals.digest',
  payload: z.object({}),
  handler: async (_payload, ctx) => {
    await runSignalsDigest(ctx);
  },
  options: { cron: '7 * * * *', retryLimit: 0, expireInSeconds: 30 * 60, policy: 'singleton' },
});

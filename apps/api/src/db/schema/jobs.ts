import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Which worker process runs which pg-boss job (jobs/job-leases.ts): the process beats its leases while it lives; a
 * lease not beaten for a while names a job whose worker died (killed, out of memory, its machine gone), which
 * another process hands back to pg-boss to be retried, instead of waiting out the job's expiry (hours for a
 * coordinator).
 */
export const jobLeases = pgTable(
  'job_leases',
  {
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    holder: uuid('holder').notNull(),
    beatAt: timestamptz('beat_at').notNull().defaultNow(),
  },
  (t) => [index('job_leases_holder_idx').on(t.holder)],
);

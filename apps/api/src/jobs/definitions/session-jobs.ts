import { z } from 'zod';
import type { SessionType } from '../../db/schema';
import { runCompetitorsJob } from '../../modules/discovery/competitors.runner';
import { runDiscoverJob } from '../../modules/discovery/discover.runner';
import { runImportJob } from '../../modules/discovery/import.runner';
import { defineJob, type JobOptions } from '../define-job';

/** Every session job names the session and the run token it was queued for (a stale job finds another). */
export const SessionJobPayload = z.object({ session_id: z.uuid(), token: z.uuid() });
export type SessionJobPayload = z.infer<typeof SessionJobPayload>;

/**
 * Handlers resume from their checkpoint, so a retry after a crash, an expiry or a shutdown goes on where the
 * last attempt stopped. Expiry is long (a big search takes a while) but bounded: a worker that died without a
 * word is retried after it.
 */
const options = (expireInSeconds: number): JobOptions<SessionJobPayload> => ({
  retryLimit: 5,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds,
});

/** Finds businesses by category and place (OpenStreetMap, Google Places). */
export const discoverJob = defineJob({
  name: 'session.discover',
  payload: SessionJobPayload,
  handler: runDiscoverJob,
  options: options(60 * 60),
});

/** Imports an uploaded CSV with its confirmed column mapping. */
export const importJob = defineJob({
  name: 'session.import',
  payload: SessionJobPayload,
  handler: runImportJob,
  options: options(30 * 60),
});

/** Finds the customers of competitors on their websites (customers pages, case studies, testimonials). */
export const competitorsJob = defineJob({
  name: 'session.competitors',
  payload: SessionJobPayload,
  handler: runCompetitorsJob,
  options: options(60 * 60),
});

/** The job that runs a session of a type. */
export function sessionJobFor(type: SessionType) {
  return type === 'import' ? importJob : type === 'competitors' ? competitorsJob : discoverJob;
}

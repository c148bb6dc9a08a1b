/**
 * What a 404 on a saved profile means to its user: the API answers it alike for a profile deleted, one replaced when
 * its session's profiles were made again, and one of a session no longer shared with them.
 */
export const PROFILE_GONE_REASON =
  'This profile is no longer there: it was deleted, replaced when profiles were made again from its session, or that session is no longer shared with you.';

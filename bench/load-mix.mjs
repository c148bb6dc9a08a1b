// The users of the load bench (load.mjs) and what they ask for: the request mix (a results page, the session info or
// the whole CSV export, as a browser asks) and the closed loop that runs it — a number of users for a number of
// seconds, without think time — against the API processes or against any other way of answering a request.
// `load` is `{ userCount, seconds, businesses }`: the users, the seconds of a run, the businesses of a seeded session.
import { Agent, request } from 'undici';

/** The results search (the seeded names put "Dental" in a tenth of the businesses). */
export const SEARCH = 'search=dental';
/** Pages of 50 a user may ask for: the search matches a tenth of the businesses. */
export const pageCount = (businesses, search) => Math.max(1, Math.floor(businesses / 50 / (search ? 10 : 1)));

export const authed = (token, extra = {}) => ({ Authorization: `Bearer ${token}`, ...extra });
/** What Chrome and Firefox send (zstd too: the API does not offer it, so they get brotli or gzip). */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * The request user `u` makes at `step`: a results page (60%: a random page, a fifth of them with a search), the
 * session info (30%) or the whole CSV export (10%). `variant` names the recorded statements the replay runs.
 */
function pickRequest(load, step, u, sessionId) {
  const pick = (step * 7919 + u * 104729) % 100;
  if (pick < 60) {
    const search = pick % 5 === 0;
    const page = (step * 31 + u) % pageCount(load.businesses, search);
    return {
      kind: 'results',
      variant: search ? 'search' : 'results',
      page,
      path: `/api/user/session/${sessionId}/results?page=${page}&pageSize=50${search ? `&${SEARCH}` : ''}`,
    };
  }
  if (pick < 90) return { kind: 'info', variant: 'info', path: `/api/user/session/${sessionId}/info` };
  return { kind: 'export', variant: 'export', path: `/api/user/session/${sessionId}/export` };
}

/**
 * `load.userCount` closed-loop users for `load.seconds`: each picks its next request with pickRequest and goes on
 * as soon as `perform(u, request)` has read the answer (it returns an error text, or nothing when all went well).
 */
export async function runClosedLoop(load, users, perform) {
  const latencies = [];
  const byKind = { results: [], info: [], export: [] };
  const errors = [];
  const deadline = performance.now() + load.seconds * 1000;
  let count = 0;
  const user = async (u) => {
    const { sessionId } = users[u % users.length];
    let step = u;
    while (performance.now() < deadline) {
      step++;
      const picked = pickRequest(load, step, u, sessionId);
      const started = performance.now();
      try {
        const error = await perform(u, picked);
        if (error) errors.push(`${picked.kind} ${error}`);
      } catch (error) {
        errors.push(`${picked.kind} ${error.code ?? error.message}`);
      }
      const ms = performance.now() - started;
      latencies.push(ms);
      byKind[picked.kind].push(ms);
      count++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: load.userCount }, (_, u) => user(u)));
  const seconds = (performance.now() - started) / 1000;
  return { rps: count / seconds, count, latencies, byKind, errors };
}

/** The users against the API processes at `baseUrls` (spread over them: a client-side load balancer). */
export async function runUsers(load, baseUrls, users) {
  const agent = new Agent({ connections: load.userCount, pipelining: 1, keepAliveTimeout: 30_000 });
  try {
    return await runClosedLoop(load, users, async (u, { path }) => {
      const response = await request(`${baseUrls[u % baseUrls.length]}${path}`, {
        dispatcher: agent,
        // As a browser asks (the answers come compressed; the users read the bytes as sent).
        headers: authed(users[u % users.length].token, { 'accept-encoding': BROWSER_ACCEPT_ENCODING }),
        headersTimeout: 60_000,
        bodyTimeout: 60_000,
      });
      // Read every byte, as a browser saving the export does. (dump() falls back to 128 KiB for a limit that is not
      // finite, and then aborts the connection half way through each export.)
      for await (const _chunk of response.body);
      return response.statusCode === 200 ? undefined : String(response.statusCode);
    });
  } finally {
    await agent.close();
  }
}

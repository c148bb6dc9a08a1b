/**
 * The `session.competitors` job (discovery/competitor-customers): crawl each competitor's website with
 * the engine (customers pages, case studies, testimonials, logo walls) and store the customers it names, one
 * competitor at a time. Each competitor's customers are stored with the cursor in one commit, so a cancel keeps
 * what was found, a resumed job goes on with the competitors not yet read, and a retry reads only the ones that
 * failed.
 */
import { createFetcher, findCompetitorCustomers, mergeCompetitorCustomers } from '@argo/engine';
import type { JobRunContext } from '../../jobs/define-job';
import {
  openSessionRun,
  type RunProgress,
  type SessionJobPayload,
  type SessionRun,
} from '../sessions/session-run';
import { requireDeps } from './discover.runner';
import type { DiscoveryDeps } from './discovery.deps';

/** What a competitors session's `input` holds (POST /discovery/competitor-customers). */
interface CompetitorsInput {
  competitor_urls: string[];
}

interface CompetitorEntry {
  url: string;
  state: 'pending' | 'done' | 'failed';
  /** Customers found on this competitor's site. */
  found?: number;
  /** Pages read. */
  pages?: number;
  /** Why the site could not be read, in plain words. */
  error?: string;
}

/** The resumable state of a competitors run, kept in session_runs.state. */
interface CompetitorsState {
  competitors?: CompetitorEntry[];
  /** The job token a retry's reset was made for (a resumed retry must not reset again). */
  retry_token?: string;
}

function competitorsProgress(state: CompetitorsState): RunProgress {
  const list = state.competitors ?? [];
  return {
    total: list.length,
    done: list.filter((c) => c.state !== 'pending').length,
    failed: list.filter((c) => c.state === 'failed').length,
  };
}

/** "2 of 3 competitor websites could not be read (…)", or null when none failed. */
function describeFailedCompetitors(state: CompetitorsState): string | null {
  const { total, failed } = competitorsProgress(state);
  if (failed === 0) return null;
  const reason = state.competitors?.find((c) => c.error)?.error;
  const because = reason ? ` (${reason})` : '';
  if (failed >= total) {
    return total === 1
      ? `The competitor's website could not be read${because}. Check the address, or retry in a few minutes.`
      : `None of the ${total} competitor websites could be read${because}. Check the addresses, or retry in a few minutes.`;
  }
  return `${failed} of ${total} competitor websites could not be read${because}. The customers found are kept; retry to read the missing ones.`;
}

export async function runCompetitorsJob(payload: SessionJobPayload, ctx: JobRunContext): Promise<void> {
  const deps = requireDeps(ctx.discovery);
  const run = await openSessionRun<CompetitorsState>(ctx, payload, {
    stage: 'discovering',
    progressIntervalMs: deps.progressIntervalMs,
    cancelPollMs: deps.cancelPollMs,
    // Two competitors may name the same customer: merge with what earlier competitors stored.
    linkStored: true,
  });
  if (!run) return;
  try {
    await findCustomers(run, payload, deps);
  } catch (error) {
    await run.settle(error);
  } finally {
    run.close();
  }
}

async function findCustomers(
  run: SessionRun<CompetitorsState>,
  payload: SessionJobPayload,
  deps: DiscoveryDeps,
) {
  const input = run.input as unknown as CompetitorsInput;
  const state: CompetitorsState = structuredClone(run.state);
  if (!state.competitors) {
    state.competitors = input.competitor_urls.map((url) => ({ url, state: 'pending' }));
    await run.commit({ state, progress: competitorsProgress(state) });
  } else if (run.mode === 'retry' && state.retry_token !== payload.token) {
    // A retry reads again only the sites that failed; the customers of the others stay as stored.
    for (const entry of state.competitors) {
      if (entry.state !== 'failed') continue;
      entry.state = 'pending';
      delete entry.error;
    }
    state.retry_token = payload.token;
    await run.commit({ state, progress: competitorsProgress(state) });
  }

  // One fetcher for the whole run: one polite queue per host, robots.txt read once per site.
  const fetcher = createFetcher(deps.crawl.fetcher);
  try {
    for (const entry of state.competitors) {
      if (entry.state !== 'pending') continue;
      const result = await findCompetitorCustomers(entry.url, {
        fetcher,
        signal: run.signal,
        pageBudget: deps.crawl.pageBudget,
        // Customers' links to addresses the crawler may reach (CRAWL_ALLOW_HOSTS) are their websites.
        ...(deps.crawl.fetcher.allowAddresses ? { allowAddresses: deps.crawl.fetcher.allowAddresses } : {}),
      });
      run.signal.throwIfAborted();
      entry.pages = result.pages.length;
      entry.found = result.businesses.length;
      if (result.error && result.businesses.length === 0) {
        entry.state = 'failed';
        entry.error = result.error.slice(0, 300);
      } else {
        entry.state = 'done';
      }
      await run.commit({
        records: mergeCompetitorCustomers(result.businesses),
        state,
        progress: competitorsProgress(state),
      });
    }
  } finally {
    await fetcher.close();
  }
  const failure = describeFailedCompetitors(state);
  if (failure) await run.fail(failure, competitorsProgress(state));
  else await run.complete(competitorsProgress(state));
}

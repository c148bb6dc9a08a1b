/**
 * What a session job sees of its run (session-run.ts opens it): the run's facts and cursor, its signal, and the
 * calls that commit, complete, fail and settle it; the errors that stop it; and what each job passes in.
 */
import type { MergedBusiness } from '@argo/engine';
import type { SessionRunMode } from '../../db/schema';

export type StopReason = 'cancelled' | 'superseded' | 'shutdown';

/** Why a run stopped before its end (the abort reason of `run.signal`). */
export class RunStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(`The run stopped: ${reason}.`);
    this.name = 'RunStopped';
  }
}

/** A failure the user can read and act on: the session fails with this message, and the job is not retried. */
export class RunFailure extends Error {
  override name = 'RunFailure';
}

export interface RunProgress {
  total: number;
  /** Units finished, failed ones included. */
  done: number;
  failed: number;
}

export interface SessionJobPayload {
  session_id: string;
  token: string;
}

/** What differs between the session jobs; the job's own facts (id, log, retries, queue signal) come from its context. */
export interface RunOptions {
  stage: 'discovering' | 'importing' | 'enriching';
  progressIntervalMs: number;
  cancelPollMs: number;
  /** Errors whose message the user should see (the session fails with it, no retry). */
  isUserError?: (error: unknown) => boolean;
  /**
   * Merge each batch with the businesses stored earlier by their match keys (a search: tiles and sources find
   * the same place). An import leaves it off: the engine links its batches itself, also on a resumed read.
   */
  linkStored: boolean;
}

export interface SessionRun<State> {
  sessionId: string;
  accountId: string;
  runId: string;
  mode: SessionRunMode;
  type: 'search' | 'competitors' | 'import';
  input: Record<string, unknown>;
  /** The cursor saved by the last commit (empty on a fresh run). */
  state: State;
  /** Progress as last written (a resumed run starts from it). */
  progress: RunProgress;
  /** Aborted on cancel, takeover or shutdown, with a RunStopped reason. */
  signal: AbortSignal;
  /** Stores a batch and the cursor after it in one transaction; throws RunStopped when the run has stopped. */
  commit(batch: {
    records?: readonly MergedBusiness[];
    rejected?: readonly { line: number; reason: string }[];
    /** Rows stored without a value that could not be read: what was left empty, per line. */
    notes?: readonly { line: number; note: string }[];
    state: State;
    progress: RunProgress;
  }): Promise<void>;
  complete(progress: RunProgress): Promise<void>;
  fail(message: string, progress: RunProgress): Promise<void>;
  /** Ends the run after an error or a stop: cancel, takeover, shutdown (rethrown: retried), failure. */
  settle(error: unknown): Promise<void>;
  close(): void;
}

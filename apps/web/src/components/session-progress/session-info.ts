import type { LatestBusiness, RejectedRow, SessionInfo } from '@argo/contract';

/** The businesses stored last by the current (or last) run, newest first. */
export function readLatestItems(info: SessionInfo): LatestBusiness[] {
  return info.run?.latest ?? [];
}

/** Units (progress.done) per second as the API measured it for the current attempt, if it says. */
export function readReportedRate(info: SessionInfo): number | null {
  const rate = info.run?.rate;
  return typeof rate === 'number' && Number.isFinite(rate) ? rate : null;
}

/** Seconds left as the API estimates them, if it does. */
export function readReportedSecondsLeft(info: SessionInfo): number | null {
  const eta = info.run?.eta_seconds;
  return typeof eta === 'number' && Number.isFinite(eta) ? eta : null;
}

/** Businesses the run has stored so far (a restart's are not in the results until it succeeds). */
export function readFound(info: SessionInfo): number {
  return info.run?.found ?? info.counts.businesses;
}

/** The rejected rows listed (the API sends the first ones), and how many there are in all. */
export function readRejected(info: SessionInfo): { rows: RejectedRow[]; total: number } {
  const rows = info.rejected_rows ?? [];
  return { rows, total: Math.max(info.rejected_count ?? 0, rows.length) };
}

// What the load bench (load.mjs) prints: a line per run of the users (requests, requests/s, p50 / p95 / p99 latency,
// errors, and each kind of request apart), and the figures of each phase beside its references through report() —
// requests/s against `SELECT 1` and against the API's SQL replayed (within 2×), latency (p95 < 300 ms), errors (0),
// and the scale-out phase beside the first.
import { percentile, report } from './lib.mjs';

export function summarise(label, result) {
  const ms = (p) => percentile(result.latencies, p);
  const kinds = Object.entries(result.byKind)
    .map(
      ([kind, list]) =>
        `${kind} ${list.length} (p50 ${percentile(list, 50)?.toFixed(0)}, p95 ${percentile(list, 95)?.toFixed(0)} ms)`,
    )
    .join(', ');
  console.log(
    `${label}: ${result.count} requests, ${result.rps.toFixed(0)}/s, p50 ${ms(50).toFixed(1)} ms, ` +
      `p95 ${ms(95).toFixed(1)} ms, p99 ${ms(99).toFixed(1)} ms, errors ${result.errors.length}; ${kinds}`,
  );
  if (result.errors.length > 0) console.log(`  first errors: ${result.errors.slice(0, 5).join('; ')}`);
}

/**
 * The figures of `phases` (`[label, result]` of each) beside the SQL `replay` and the `SELECT 1` `reference`, for
 * `userCount` users; and phase 2 beside phase 1 when both ran.
 */
export function reportFigures({ bench, userCount, phases, replay, reference }) {
  const p = (r, q) => percentile(r.latencies, q);
  for (const [label, result] of phases) {
    report({
      bench,
      figure: `${label}: requests/s (${userCount} users)`,
      ours: result.rps,
      reference: reference.rps,
      unit: 'req/s',
      referenceLabel: 'node http + pg SELECT 1, same users',
    });
    report({
      bench,
      figure: `${label}: requests/s vs the API's SQL alone`,
      ours: result.rps,
      reference: replay.rps,
      unit: 'req/s',
      referenceLabel: "the API's statements replayed with pg, same users and jobs",
      note: replay.rps / result.rps <= 2 ? 'within 2×: met' : 'within 2×: NOT met',
    });
    for (const q of [50, 95, 99]) {
      report({
        bench,
        figure: `${label}: p${q} latency`,
        ours: p(result, q),
        reference: p(replay, q),
        unit: 'ms',
        referenceLabel: "the API's statements replayed with pg",
        note:
          q === 95 ? (p(result, 95) < 300 ? 'target < 300 ms met' : 'target < 300 ms NOT met') : undefined,
      });
    }
    report({
      bench,
      figure: `${label}: errors`,
      ours: result.errors.length,
      reference: reference.errors.length,
      unit: 'errors',
      referenceLabel: 'node http + pg SELECT 1',
      note: result.errors.length === 0 ? 'target 0 met' : 'target 0 missed',
    });
  }
  const [one, two] = [
    phases.find(([l]) => l.startsWith('1'))?.[1],
    phases.find(([l]) => l.startsWith('2'))?.[1],
  ];
  if (one && two) {
    report({
      bench,
      figure: 'scale-out: 2+2 processes requests/s',
      ours: two.rps,
      reference: one.rps,
      unit: 'req/s',
      referenceLabel: '1 API + 1 worker, same run',
    });
  }
}

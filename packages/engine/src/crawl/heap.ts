import { setFlagsFromString } from 'node:v8';

/**
 * The heap settings of a job process.
 *
 * How much V8 lets the heap grow after a full GC: 1.5× what survived it, instead of its default of up to 4×.
 *
 * Why: crawling and analysing sites allocates fast (DOMs, page texts, regex results of 32 sites in flight) and
 * keeps little (about 55 MB live once the sites are done), but the pages of a site live across its requests'
 * waits, so most of that garbage reaches the old generation, which V8 then grows in big steps. On
 * bench/crawl-enrich.mjs the peak RSS drops by about a third at the same throughput (figures in
 * docs/performance.md); a hard `--max-old-space-size` cut it further but slowed crawling and would fail a large import.
 *
 * No allocation-site pretenuring: while a job's first pages are read with cold code, a young collection can find all
 * of an object literal's objects alive (the page's tree is alive while it is matched), and V8 then allocates that
 * literal's objects in the old generation for the rest of the process, where only a full collection frees them.
 * Whether that happens depends on when the first collections fall, so a worker ran software detection at one of two
 * speeds. Without it, bench/software-detection.mjs's worker-like processes run at the faster one, and crawl-enrich
 * and csv-import do not move beyond their noise (figures in docs/performance.md).
 * Process-wide: a job process calls it once at start (apps/api jobs/start-workers.ts).
 */
const JOB_HEAP_FLAGS = '--heap-growing-percent=50 --no-allocation-site-pretenuring';

export function useCompactHeapForJobs(): void {
  setFlagsFromString(JOB_HEAP_FLAGS);
}

/**
 * Lets the event loop handle what arrived meanwhile between the synchronous stretches of a long piece of work.
 * Promises alone never do: a chain of awaits on values already there runs as microtasks, and I/O waits until
 * the chain ends.
 * - Analysis: a crawl worker analyses one site while it fetches some 30 others; a response that waits behind a whole
 *   site's analysis delays that site's next request, and with it the crawl. Yielding between the analyzers makes
 *   bench/crawl-enrich.mjs faster at the same CPU time.
 * - CSV import: the rows of the next batch are read while PostgreSQL stores the last one, and each of the store's
 *   round trips (begin, the claim, the insert, the run's state, commit) waited for a whole batch to be read. Yielding
 *   every 100 rows makes bench/csv-import.mjs faster, with larger batches.
 * Figures in docs/performance.md.
 */
export const yieldToIo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The engine's orchestrator, as the job calls it: every requested analyzer over ONE crawl of a site (engine
 * analyze/enrich.ts). Kept as one import point so the job and the benchmark run the same code.
 */
export { type EnrichContext, enrichSite, type PreviousResults, type SiteEnrichment } from '@argo/engine';

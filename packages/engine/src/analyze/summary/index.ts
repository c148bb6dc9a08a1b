// The ai_summary analyzer's public surface (the engine's index.ts and the enrichment orchestrator import it).
export { INDUSTRIES, type Industry } from './industries';

export { summarizeSite } from './summarize';
export type { AiSummary } from './types';

// The ai_summary analyzer's public surface (the engine's index.ts and the enrichment orchestrator import it).
export { classifyIndustry, INDUSTRIES, INDUSTRY_KEYWORDS, type Industry } from './industries';
export { MODEL_TEXT_BUDGET, ModelDescription } from './model';
export { summarizeSite } from './summarize';
export type { AiSummary, ContactFact, ContactKind, CustomerType, SummarizeOptions } from './types';

// The people analyzer's public surface (the engine's index.ts and the enrichment orchestrator import it).
export { analyzePeople } from './analyze';
export { createMxChecker, type MxChecker } from './mx';
export { splitPersonName } from './names';

export type { PeopleAnalysis } from './types';

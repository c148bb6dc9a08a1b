// The people analyzer's public surface (the engine's index.ts and the enrichment orchestrator import it).
export { analyzePeople, type PeopleOptions } from './analyze';
export { createMxChecker, type MxChecker, type MxCheckerOptions } from './mx';
export { seniorityOf } from './roles';
export type {
  ClassifiedEmail,
  CompanyFact,
  CompanyFacts,
  CompanyRegister,
  EmailKind,
  EmailPattern,
  MxCheck,
  MxStatus,
  PeopleAnalysis,
  Person,
  PersonSource,
  Seniority,
  SuggestedEmail,
  VatId,
} from './types';

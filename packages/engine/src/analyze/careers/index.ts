export { type AnalyzeCareersOptions, analyzeCareers, findCareersPages } from './analyze';
export {
  ATS_NAMES,
  type AtsAccount,
  type AtsKey,
  type AtsReference,
  findAtsReferences,
  groupAtsReferences,
  parseAtsUrl,
} from './ats';
export { ATS_APIS } from './ats-api';
export { readJobPostings } from './job-postings';
export { looksLikeJobTitle, readPageRoles } from './page-roles';
export type { CareerAnalysis, CareerMethod, JobRole } from './types';

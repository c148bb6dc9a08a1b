export { analyzeCareers } from './analyze';

export type { CareerAnalysis } from './types';

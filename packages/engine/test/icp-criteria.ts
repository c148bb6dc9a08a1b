import type { IcpCriteria } from '../src/analyze/icp/types';

/** An ideal customer profile that asks for nothing but the criteria given: what each ICP test is about. */
export const icpCriteria = (criteria: Partial<IcpCriteria> = {}): IcpCriteria => ({
  industries: [],
  locations: [],
  keywords: [],
  exclude_keywords: [],
  employee_min: null,
  employee_max: null,
  software_signals: [],
  hiring_signal: null,
  ...criteria,
});

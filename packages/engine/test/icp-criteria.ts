import { Icp, type IcpInput } from '@argo/contract';
import type { IcpCriteria } from '../src/analyze/icp/types';

/** An ideal customer profile that asks for nothing but the criteria given (the contract fills the rest). */
export const icpCriteria = (criteria: IcpInput = {}): IcpCriteria => Icp.parse(criteria);

import { SIGNAL_EVENT_TYPES, type SignalEventType } from '@argo/contract';
import {
  oneOf,
  type SearchInput,
  searchValidator,
  text,
  textList,
  wholeNumber,
} from '../../lib/search-params';

/** The periods the Signals screen offers, in days (0: any time). */
export const PERIODS = [7, 30, 90, 0] as const;

export interface SignalsSearch {
  session_id?: string;
  venture_id?: string;
  types?: SignalEventType[];
  tier?: 'A' | 'B' | 'C' | 'D';
  days: number;
  only_new?: boolean;
  page: number;
}

const isType = (t: string): t is SignalEventType => (SIGNAL_EVENT_TYPES as readonly string[]).includes(t);

export const readSignalsSearch = (input: SearchInput): SignalsSearch => ({
  session_id: text(input.session_id),
  venture_id: text(input.venture_id),
  types: textList(input.types)?.filter(isType),
  tier: oneOf(input.tier, ['A', 'B', 'C', 'D'] as const),
  days: wholeNumber(input.days, 30, { allowed: PERIODS }),
  only_new: input.only_new === true || input.only_new === 'true' ? true : undefined,
  page: wholeNumber(input.page, 0),
});

export const signalsSearchSchema = searchValidator(readSignalsSearch);

/** The first moment of the period, `days` back from `now` (undefined: any time). */
export function sinceOf(days: number, now: Date): string | undefined {
  if (days === 0) return undefined;
  const since = new Date(now.getTime() - days * 86_400_000);
  since.setUTCMinutes(0, 0, 0);
  return since.toISOString();
}

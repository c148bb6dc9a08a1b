import type { SessionInfo, SessionType } from '@argo/contract';
import { Group, Text } from '@mantine/core';
import { estimateSecondsLeft, formatRate, formatTimeLeft, useProgressRate } from './progress-rate';
import { readFound, readReportedRate, readReportedSecondsLeft } from './session-info';

/** What progress.done and progress.total count, in words: "rows", "read", "refused". */
export interface ProgressUnits {
  plural: string;
  done: string;
  failed: string;
}

/** What progress counts for each kind of session (the API's units), and what a failed one is. */
const UNITS: Record<SessionType, ProgressUnits> = {
  import: { plural: 'rows', done: 'read', failed: 'refused' },
  search: { plural: 'map areas', done: 'searched', failed: 'failed' },
  competitors: { plural: 'websites', done: 'read', failed: 'failed' },
};

const number = (value: number) => value.toLocaleString('en-US');

/**
 * done (failed included) of total, the failed, the businesses found, the rate (the API's, else measured across
 * polls) and the time left. `units` replaces the session type's (an enrichment run counts websites);
 * `showFound: false` leaves out the businesses found (nothing new is found while enriching).
 */
export function ProgressNumbers({
  info,
  readAt,
  units,
  showFound = true,
}: {
  info: SessionInfo;
  readAt: number;
  units?: ProgressUnits | undefined;
  showFound?: boolean | undefined;
}) {
  const isRunning = info.status === 'running';
  const measured = useProgressRate(info.progress, readAt, isRunning);
  const rate = isRunning ? (readReportedRate(info) ?? measured) : null;
  const secondsLeft = isRunning
    ? (readReportedSecondsLeft(info) ?? estimateSecondsLeft(info.progress, rate))
    : null;
  const { total, done, failed } = info.progress;
  const unit = units ?? UNITS[info.type];
  const found = readFound(info);
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="sm" data-testid="progress-counts">
        {total > 0
          ? `${number(done)} of ${number(total)} ${unit.plural} ${unit.done}`
          : `${number(done)} ${unit.plural} ${unit.done}`}
        {failed > 0 && (
          <Text span c="red">
            {' '}
            · {number(failed)} {unit.failed}
          </Text>
        )}
        {showFound && ` · ${number(found)} ${found === 1 ? 'business' : 'businesses'} found`}
      </Text>
      {isRunning && (
        <Text size="sm" c="dimmed" data-testid="progress-rate">
          {rate === null ? 'Measuring speed…' : `${formatRate(rate)} ${unit.plural}/s`}
          {secondsLeft !== null && ` · ${formatTimeLeft(secondsLeft)} left`}
        </Text>
      )}
    </Group>
  );
}

import {
  type SessionAction as ContractAction,
  canDoSessionAction,
  type SessionInfo,
  sessionAccessAllows,
} from '@argo/contract';
import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconPlayerStop, IconRefresh, IconRotateClockwise } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import {
  isSessionActive,
  type SessionRunAction,
  sessionInfoQueryOptions,
  useSessionRunAction,
} from '../../lib/session-api';
import { SESSION_TYPE_LABELS, STAGE_LABELS } from '../../lib/session-screens';
import { ConfirmModal } from '../ConfirmModal';
import { AnchorLink, ButtonLink } from '../links';
import { PageLoader } from '../PageLoader';
import { SessionLoadError } from '../SessionGoneAlert';
import { SessionStatusBadge } from '../SessionStatusBadge';
import { LatestItems } from './LatestItems';
import { ProgressNumbers, type ProgressUnits } from './ProgressNumbers';
import { RejectedRows } from './RejectedRows';
import { readLatestItems, readRejected } from './session-info';

/**
 * What differs when the screen follows other work than a discovery or import (an enrichment run): the units of
 * progress, the list of latest items, the words about cancelling and what is kept, and how to run it again.
 */
export interface ProgressScreenOptions {
  title?: string;
  units?: ProgressUnits;
  /** Show "N businesses found" beside the counts (default true). */
  showFound?: boolean;
  /** Replaces the latest-found list. */
  renderLatest?: (info: SessionInfo, isActive: boolean) => ReactNode;
  /** Replaces the Restart button and its words: another way to run the work again. */
  renderRunAgain?: (info: SessionInfo) => ReactNode;
  /** The confirmation text of Cancel. */
  cancelNote?: string;
}

interface SessionProgressPageProps {
  sessionId: string | undefined;
  options?: ProgressScreenOptions | undefined;
}

/**
 * /discovery-processing and /processing: the live progress of a session (polled every second while it is queued
 * or running), with cancel; on to /results when it completes; the error with retry and restart when it fails.
 */
export function SessionProgressPage({ sessionId, options = {} }: SessionProgressPageProps) {
  if (!sessionId) {
    return (
      <Alert color="yellow" variant="light" title="No session to show">
        This page shows the progress of one session. Pick one on the{' '}
        <AnchorLink to="/sessions">Sessions</AnchorLink> page, or{' '}
        <AnchorLink to="/">start a discovery</AnchorLink>.
      </Alert>
    );
  }
  return <SessionProgress sessionId={sessionId} options={options} />;
}

function SessionProgress({ sessionId, options }: { sessionId: string; options: ProgressScreenOptions }) {
  const navigate = useNavigate();
  const info = useQuery(sessionInfoQueryOptions(sessionId));
  const status = info.data?.status;

  // Done: on to the results (replacing this page, so Back does not land on a finished progress bar).
  useEffect(() => {
    if (status === 'completed') {
      void navigate({ to: '/results', search: { session_id: sessionId }, replace: true });
    }
  }, [status, sessionId, navigate]);

  if (info.isPending) return <PageLoader />;
  if (info.isError) {
    return (
      <Stack gap="md">
        <Title order={1}>{options.title ?? 'Progress'}</Title>
        <SessionLoadError
          title="The progress could not be loaded"
          error={info.error}
          onRetry={() => void info.refetch()}
          isRetrying={info.isFetching}
        />
        <Group>
          <ButtonLink to="/sessions" variant="default">
            All sessions
          </ButtonLink>
        </Group>
      </Stack>
    );
  }
  return <ProgressView info={info.data} readAt={info.dataUpdatedAt} options={options} />;
}

function ProgressView({
  info,
  readAt,
  options,
}: {
  info: SessionInfo;
  readAt: number;
  options: ProgressScreenOptions;
}) {
  const action = useSessionRunAction();
  const [confirming, setConfirming] = useState<'cancel' | 'restart' | null>(null);
  const isActive = isSessionActive(info);
  const latest = readLatestItems(info);
  const rejected = readRejected(info);
  const can = (name: ContractAction) =>
    canDoSessionAction(info.status, name) && sessionAccessAllows(info.access, name);
  const businesses = info.counts.businesses;
  /** After a failed or cancelled run: the screen's own way to run again, else Restart (with its confirmation). */
  const runAgain = () =>
    options.renderRunAgain
      ? options.renderRunAgain(info)
      : can('restart') && (
          <Button
            variant="default"
            leftSection={<IconRotateClockwise size={16} />}
            onClick={() => setConfirming('restart')}
          >
            Restart
          </Button>
        );

  const run = (name: SessionRunAction) =>
    action.mutate(
      { id: info.id, action: name },
      {
        onSuccess: () => setConfirming(null),
      },
    );
  const actionError = action.error instanceof Error ? action.error.message : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {options.title ?? SESSION_TYPE_LABELS[info.type]}
          </Text>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {info.name}
          </Title>
        </div>
        <SessionStatusBadge status={info.status} size="lg" style={{ flexShrink: 0 }} />
      </Group>

      {info.status === 'draft' && (
        <Alert color="gray" variant="light" title="Not started yet">
          {info.type === 'import' ? (
            <>
              This import waits for its column mapping.{' '}
              <AnchorLink to="/csv-mapping" search={{ session_id: info.id }}>
                Map the columns
              </AnchorLink>
            </>
          ) : (
            'This session has not been started.'
          )}
        </Alert>
      )}

      {(isActive || info.status === 'completed') && (
        <Paper withBorder p="lg" component="section" aria-label="Progress">
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Title order={2} size="h3" data-testid="progress-stage">
                {describeStage(info)}
              </Title>
              {can('cancel') && (
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconPlayerStop size={16} />}
                  onClick={() => setConfirming('cancel')}
                >
                  Cancel
                </Button>
              )}
            </Group>
            <ProgressBar info={info} />
            <ProgressNumbers
              info={info}
              readAt={readAt}
              units={options.units}
              showFound={options.showFound}
            />
          </Stack>
        </Paper>
      )}

      {info.status === 'completed' && (
        <Text size="sm" c="dimmed">
          Done. Opening the results…
        </Text>
      )}

      {info.status === 'failed' && (
        <Alert color="red" variant="light" title="The session stopped with an error" role="alert">
          <Stack gap="sm">
            <Text size="sm">{info.error || 'It failed without saying why.'}</Text>
            <Text size="sm">
              {businesses > 0
                ? `The ${businesses.toLocaleString('en-US')} ${businesses === 1 ? 'business' : 'businesses'} found before it stopped are kept. `
                : ''}
              {options.renderRunAgain
                ? 'Retry runs only the items that failed.'
                : 'Retry runs only the items that failed; Restart runs the whole session again.'}
            </Text>
            <Group gap="sm">
              {can('retry') && (
                <Button
                  leftSection={<IconRefresh size={16} />}
                  onClick={() => run('retry')}
                  loading={action.isPending && action.variables?.action === 'retry'}
                >
                  Retry
                </Button>
              )}
              {runAgain()}
              {businesses > 0 && (
                <ButtonLink to="/results" search={{ session_id: info.id }} variant="subtle">
                  See what was found
                </ButtonLink>
              )}
            </Group>
          </Stack>
        </Alert>
      )}

      {info.status === 'cancelled' && (
        <Alert color="orange" variant="light" title="Cancelled">
          <Stack gap="sm">
            <Text size="sm">
              Cancelled; {businesses.toLocaleString('en-US')} {businesses === 1 ? 'business' : 'businesses'}{' '}
              kept.
            </Text>
            <Group gap="sm">
              <ButtonLink to="/results" search={{ session_id: info.id }}>
                See the results
              </ButtonLink>
              {runAgain()}
            </Group>
          </Stack>
        </Alert>
      )}

      {actionError && confirming === null && (
        <Alert color="red" variant="light" role="alert">
          {actionError}
        </Alert>
      )}

      {info.status !== 'draft' &&
        (options.renderLatest ? (
          options.renderLatest(info, isActive)
        ) : (
          <LatestItems items={latest} isActive={isActive} />
        ))}

      {info.type === 'import' && (
        <RejectedRows sessionId={info.id} rows={rejected.rows} total={rejected.total} />
      )}

      <ConfirmModal
        opened={confirming === 'cancel'}
        onClose={() => setConfirming(null)}
        onConfirm={() => run('cancel')}
        title="Cancel this session?"
        confirmLabel="Cancel session"
        isDanger
        isLoading={action.isPending}
        error={actionError}
      >
        <Text size="sm">
          {options.cancelNote ??
            'The work stops within seconds. What was found so far is kept, and you can restart the session later.'}
        </Text>
      </ConfirmModal>
      <ConfirmModal
        opened={confirming === 'restart'}
        onClose={() => setConfirming(null)}
        onConfirm={() => run('restart')}
        title="Run the whole session again?"
        confirmLabel="Restart"
        isLoading={action.isPending}
        error={actionError}
      >
        <Text size="sm">
          The current results stay until the new run succeeds, and are then replaced by what it finds.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

function describeStage(info: SessionInfo): string {
  if (info.status === 'queued') return 'Waiting for a worker';
  if (info.status === 'completed') return 'Done';
  return info.stage ? STAGE_LABELS[info.stage] : 'Starting';
}

/** Determinate once the total is known; until then (or while queued) an animated full bar. */
function ProgressBar({ info }: { info: SessionInfo }) {
  const { total, done } = info.progress;
  const isKnown = total > 0 && info.status !== 'queued';
  const percent = isKnown ? Math.min(100, Math.round((done / total) * 100)) : 100;
  return (
    <Progress
      value={info.status === 'completed' ? 100 : percent}
      striped={!isKnown && info.status !== 'completed'}
      animated={!isKnown && info.status !== 'completed'}
      size="lg"
      aria-label={isKnown ? `${percent}% done` : 'Working; the total is not known yet'}
      data-testid="progress-bar"
      data-indeterminate={String(!isKnown)}
    />
  );
}

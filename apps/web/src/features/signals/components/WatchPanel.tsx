import { WATCH_FREQUENCIES, type Watch, type WatchFrequency } from '@argo/contract';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { isApiError, readErrorDetail } from '../../../lib/api-error';
import { useCreateWatch, useStopWatch, useUpdateWatch, watchesQueryOptions } from '../api';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const FREQUENCY_LABELS: Record<WatchFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};
const frequencyData = WATCH_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }));

const messageOf = (error: unknown) =>
  isApiError(error)
    ? (readErrorDetail(error.data).message ?? error.message)
    : 'Something went wrong. Try again.';

/**
 * Watching one session: Argo enriches its businesses again on a schedule, with the analyzers of its last
 * enrichment, and records what changed. `canEdit`: the caller may start runs on the session (owner, admin, edit).
 */
export function WatchPanel({ sessionId, canEdit }: { sessionId: string; canEdit: boolean }) {
  const watches = useQuery(watchesQueryOptions(sessionId));
  const watch = watches.data?.[0] ?? null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="watch-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="watch-title">
          Watch this session
        </Title>
        {watches.isPending && <Text size="sm">Loading the watch…</Text>}
        {watches.isError && (
          <Alert color="red" variant="light" role="alert">
            The watch could not be loaded. {messageOf(watches.error)}
          </Alert>
        )}
        {watches.isSuccess && !watch && <NewWatch sessionId={sessionId} canEdit={canEdit} />}
        {watch && <CurrentWatch watch={watch} canEdit={canEdit} />}
      </Stack>
    </Paper>
  );
}

function NewWatch({ sessionId, canEdit }: { sessionId: string; canEdit: boolean }) {
  const [frequency, setFrequency] = useState<WatchFrequency>('weekly');
  const create = useCreateWatch();
  if (!canEdit) {
    return (
      <Text size="sm" c="dimmed">
        Nobody watches this session. Someone with edit access can have Argo check its businesses regularly.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Argo re-checks every business of this session on a schedule, with the same analyses as its last
        enrichment, and lists here what changed: new tools, openings, decision-makers, contact details.
      </Text>
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="How often"
          data={frequencyData}
          value={frequency}
          onChange={(value) => setFrequency(value as WatchFrequency)}
        />
        <Button
          loading={create.isPending}
          onClick={() =>
            create.mutate(
              { session_id: sessionId, frequency },
              { onSuccess: () => notifications.show({ message: 'Watching this session.' }) },
            )
          }
        >
          Watch
        </Button>
      </Group>
      {create.isError && (
        <Alert color="red" variant="light" role="alert">
          {messageOf(create.error)}
        </Alert>
      )}
    </Stack>
  );
}

function CurrentWatch({ watch, canEdit }: { watch: Watch; canEdit: boolean }) {
  const update = useUpdateWatch();
  const stop = useStopWatch();
  const [confirming, setConfirming] = useState(false);
  const paused = watch.status === 'paused';
  const error = update.error ?? stop.error;
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="watch-summary">
        {FREQUENCY_LABELS[watch.frequency]}
        {watch.business_ids ? ` · ${watch.business_ids.length} businesses` : ' · every business'}
        {paused
          ? ' · paused'
          : watch.next_run_at
            ? ` · next run ${dateFormat.format(new Date(watch.next_run_at))}`
            : ''}
      </Text>
      {watch.last_run_at && (
        <Text size="xs" c="dimmed">
          Last run {dateFormat.format(new Date(watch.last_run_at))}
        </Text>
      )}
      {watch.last_error && (
        <Alert color="yellow" variant="light">
          {watch.last_error}
        </Alert>
      )}
      {canEdit && (
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label="How often"
            data={frequencyData}
            value={watch.frequency}
            disabled={update.isPending}
            onChange={(value) => update.mutate({ id: watch.id, frequency: value as WatchFrequency })}
          />
          <Button
            variant="default"
            loading={update.isPending}
            onClick={() => update.mutate({ id: watch.id, status: paused ? 'active' : 'paused' })}
          >
            {paused ? 'Resume' : 'Pause'}
          </Button>
          <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
            Stop watching
          </Button>
        </Group>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {messageOf(error)}
        </Alert>
      )}
      <ConfirmModal
        opened={confirming}
        title="Stop watching this session?"
        confirmLabel="Stop watching"
        isDanger
        onClose={() => setConfirming(false)}
        onConfirm={() => stop.mutate(watch.id, { onSettled: () => setConfirming(false) })}
        isLoading={stop.isPending}
      >
        Argo stops re-checking its businesses. The changes found so far stay listed.
      </ConfirmModal>
    </Stack>
  );
}

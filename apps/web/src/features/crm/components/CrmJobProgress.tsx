import { CRM_NAMES, type CrmJob } from '@argo/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Progress,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import {
  crmErrorMessage,
  crmJobLogQueryOptions,
  crmJobQueryOptions,
  isJobActive,
  useCancelCrmJob,
  useRefreshAfterJob,
} from '../api';

const STATUS_TEXT: Record<CrmJob['status'], string> = {
  queued: 'Waiting to start',
  running: 'Running',
  completed: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const STATUS_COLOR: Record<CrmJob['status'], string> = {
  queued: 'gray',
  running: 'blue',
  completed: 'green',
  failed: 'red',
  cancelled: 'yellow',
};
const OUTCOME_COLOR: Record<string, string> = {
  created: 'green',
  updated: 'blue',
  skipped: 'gray',
  failed: 'red',
};

/** A push's or sync's progress, counts and (for a push) its log; cancel while it runs. */
export function CrmJobProgress({ jobId, canCancel }: { jobId: string; canCancel: boolean }) {
  const job = useQuery(crmJobQueryOptions(jobId));
  const cancel = useCancelCrmJob();
  const refresh = useRefreshAfterJob();
  const wasActive = useRef(false);
  const isActive = isJobActive(job.data);
  useEffect(() => {
    if (wasActive.current && !isActive) refresh();
    wasActive.current = isActive;
  }, [isActive, refresh]);

  if (job.isError) {
    return (
      <ErrorState
        title="The progress could not be loaded"
        error={job.error}
        onRetry={() => void job.refetch()}
      />
    );
  }
  if (!job.data) return <Skeleton height={60} aria-label="Loading the progress" />;
  const data = job.data;
  const name = CRM_NAMES[data.provider];
  const percent = data.total > 0 ? Math.round((100 * data.done) / data.total) : isActive ? 0 : 100;
  const what = data.kind === 'push' ? 'businesses' : 'records read';
  return (
    <Stack gap="xs" aria-label={`${data.kind === 'push' ? 'Push to' : 'Sync from'} ${name}`} role="region">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Badge color={STATUS_COLOR[data.status]} variant="light">
            {STATUS_TEXT[data.status]}
          </Badge>
          <Text size="sm">
            {data.kind === 'push'
              ? `${data.done.toLocaleString()} of ${data.total.toLocaleString()} ${what}`
              : `${data.done.toLocaleString()} ${what}`}
          </Text>
        </Group>
        {isActive && canCancel && (
          <Button size="xs" variant="default" loading={cancel.isPending} onClick={() => cancel.mutate(jobId)}>
            Cancel
          </Button>
        )}
      </Group>
      {data.kind === 'push' && (
        <Progress value={percent} animated={isActive} aria-label={`${percent}% pushed`} />
      )}
      {data.kind === 'push' && (
        <Group gap="xs">
          <Badge color="green" variant="outline">{`${data.created} created`}</Badge>
          <Badge color="blue" variant="outline">{`${data.updated} updated`}</Badge>
          <Badge color="gray" variant="outline">{`${data.skipped} skipped`}</Badge>
          <Badge color="red" variant="outline">{`${data.failed} failed`}</Badge>
        </Group>
      )}
      {data.error && (
        <Alert color="red" variant="light" role="alert">
          {data.error}
        </Alert>
      )}
      {cancel.isError && (
        <Alert color="red" variant="light" role="alert">
          {crmErrorMessage(cancel.error)}
        </Alert>
      )}
      {data.kind === 'push' && (
        <CrmJobLog jobId={jobId} isLive={isActive} progress={`${data.status}:${data.done}`} />
      )}
    </Stack>
  );
}

const OUTCOMES = [
  { value: 'all', label: 'All' },
  { value: 'failed', label: 'Failed' },
  { value: 'skipped', label: 'Skipped' },
  { value: 'created', label: 'Created' },
  { value: 'updated', label: 'Updated' },
];

/** The push's log: each record with what happened and, when the CRM refused it, the CRM's words. */
function CrmJobLog({ jobId, isLive, progress }: { jobId: string; isLive: boolean; progress: string }) {
  const [page, setPage] = useState(0);
  const [outcome, setOutcome] = useState('all');
  const log = useQuery(crmJobLogQueryOptions(jobId, page, outcome === 'all' ? null : outcome, progress));
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        aria-label="Show in the log"
        data={OUTCOMES}
        value={outcome}
        onChange={(value) => {
          setOutcome(value);
          setPage(0);
        }}
      />
      {log.isError && (
        <ErrorState
          title="The log could not be loaded"
          error={log.error}
          onRetry={() => void log.refetch()}
        />
      )}
      {log.isPending && <Skeleton height={80} aria-label="Loading the log" />}
      {log.data && log.data.total === 0 && (
        <Text size="sm" c="dimmed">
          {isLive ? 'Nothing sent yet.' : 'Nothing in the log for this choice.'}
        </Text>
      )}
      {log.data && log.data.total > 0 && (
        <>
          <Table.ScrollContainer minWidth={340}>
            <Table aria-label="Push log" verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Record</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                  <Table.Th>Details</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.items.map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td style={{ wordBreak: 'break-all' }}>
                      <Text size="xs" c="dimmed">
                        {line.object}
                      </Text>
                      {line.key}
                    </Table.Td>
                    <Table.Td>
                      <Badge size="sm" variant="light" color={OUTCOME_COLOR[line.outcome]}>
                        {line.outcome}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>
                      {line.message ?? (line.crm_id ? `id ${line.crm_id}` : '')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {log.data.total > 25 && (
            <Pagination
              size="sm"
              total={Math.ceil(log.data.total / 25)}
              value={page + 1}
              onChange={(next) => setPage(next - 1)}
              aria-label="Pages of the log"
            />
          )}
        </>
      )}
    </Stack>
  );
}

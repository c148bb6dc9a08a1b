import type { WebhookDelivery } from '@argo/contract';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { deliveriesQueryOptions, useResendDelivery } from '../api';
import { formatTime, messageOf } from './messages';

const STATUS_COLORS: Record<WebhookDelivery['status'], string> = {
  delivered: 'green',
  pending: 'yellow',
  failed: 'red',
};
const STATUS_LABELS: Record<WebhookDelivery['status'], string> = {
  delivered: 'delivered',
  pending: 'trying',
  failed: 'gave up',
};

/** One subscription's deliveries, newest first, with what the receiver answered and "Send again". */
export function DeliveryLog({ subscriptionId }: { subscriptionId: string }) {
  const [page, setPage] = useState(0);
  const log = useQuery(deliveriesQueryOptions(subscriptionId, page));
  const resend = useResendDelivery();

  if (log.isPending) return <Loader size="sm" aria-label="Loading deliveries" />;
  if (log.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        The delivery log could not be loaded. Reload the page to try again.
      </Alert>
    );
  }
  const { items, total, page_size: pageSize } = log.data;
  if (total === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing sent yet. Send a test event, or wait for a session to finish.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {resend.isError && (
        <Alert color="red" variant="light" role="alert">
          {messageOf(resend.error)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={620}>
        <Table aria-label="Deliveries" verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Answer</Table.Th>
              <Table.Th>Last attempt</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((delivery) => (
              <Table.Tr key={delivery.id}>
                <Table.Td>
                  <Text size="sm">{delivery.event_type}</Text>
                  <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {delivery.event_id}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge
                    size="sm"
                    variant="light"
                    color={STATUS_COLORS[delivery.status]}
                    style={{ overflow: 'visible' }}
                  >
                    {STATUS_LABELS[delivery.status]}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{delivery.last_status_code ?? '—'}</Text>
                  {delivery.last_error && (
                    <Text size="xs" c="red">
                      {delivery.last_error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatTime(delivery.last_attempt_at ?? delivery.created_at)}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    loading={resend.isPending && resend.variables?.id === delivery.id}
                    onClick={() => resend.mutate(delivery)}
                    aria-label={`Send ${delivery.event_type} ${delivery.event_id} again`}
                  >
                    Send again
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > pageSize && (
        <Group gap="xs" justify="flex-end">
          <Button size="compact-xs" variant="default" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <Text size="xs" c="dimmed">
            {page * pageSize + 1}–{Math.min(total, (page + 1) * pageSize)} of {total}
          </Text>
          <Button
            size="compact-xs"
            variant="default"
            disabled={(page + 1) * pageSize >= total}
            onClick={() => setPage(page + 1)}
          >
            Older
          </Button>
        </Group>
      )}
    </Stack>
  );
}

import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { signalEventsQueryOptions } from '../api';
import { EventItem } from './EventItem';

/** A business's changes over time, newest first: the timeline of the results drawer. */
export function BusinessSignals({ businessId }: { businessId: string }) {
  const events = useQuery(signalEventsQueryOptions({ business_id: businessId, page_size: 20 }));
  return (
    <Stack gap="xs" component="section" aria-labelledby={`signals-${businessId}`}>
      <Title order={4} size="h6" id={`signals-${businessId}`}>
        Changes over time
      </Title>
      {events.isPending && <Text size="sm">Loading changes…</Text>}
      {events.isError && (
        <Text size="sm" c="red" role="alert">
          The changes could not be loaded.
        </Text>
      )}
      {events.isSuccess && events.data.total === 0 && (
        <Text size="sm" c="dimmed">
          No changes seen yet. Changes appear when the business is enriched again.
        </Text>
      )}
      {events.isSuccess && events.data.total > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {events.data.items.map((event) => (
            <EventItem key={event.id} event={event} showBusiness={false} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

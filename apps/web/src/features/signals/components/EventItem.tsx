import type { SignalEvent } from '@argo/contract';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { webUrl } from '../../../lib/safe-url';
import { describeEvent, EVENT_LABELS, eventColor } from '../event-text';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One change at one business: what, when, and the page and words it was read from. */
export function EventItem({ event, showBusiness = true }: { event: SignalEvent; showBusiness?: boolean }) {
  const page = webUrl(event.page);
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={EVENT_LABELS[event.type]}>
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Badge color={eventColor(event.type)} variant="light">
              {EVENT_LABELS[event.type]}
            </Badge>
            {event.is_new && (
              <Badge color="orange" variant="light" size="sm">
                New
              </Badge>
            )}
            {showBusiness && (
              <Text fw={600} size="sm">
                {event.business.name}
              </Text>
            )}
            {showBusiness && event.business.icp_tier && (
              <Badge variant="outline" size="sm">
                Tier {event.business.icp_tier}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            <time dateTime={event.occurred_at}>{dateFormat.format(new Date(event.occurred_at))}</time>
          </Text>
        </Group>
        <Text size="sm">{describeEvent(event)}</Text>
        {event.evidence?.text && (
          <Text size="xs" c="dimmed" lineClamp={2} style={{ wordBreak: 'break-word' }}>
            “{event.evidence.text}”
          </Text>
        )}
        {page && (
          <Anchor
            href={page}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            style={{ wordBreak: 'break-all' }}
          >
            {page}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

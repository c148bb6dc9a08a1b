import type { LatestBusiness } from '@argo/contract';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';

const SOURCE_LABELS: Record<string, string> = {
  osm: 'OpenStreetMap',
  google_places: 'Google Places',
  competitor: 'Competitor site',
  import: 'CSV',
};

/** The businesses found last, newest first: proof that the work is moving. */
export function LatestItems({ items, isActive }: { items: readonly LatestBusiness[]; isActive: boolean }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="latest-items">
      <Title order={2} size="h4" id="latest-items" mb="sm">
        Latest found
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {isActive ? 'The first businesses show up here as soon as they are found.' : 'Nothing found.'}
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Latest found">
          {items.map((item, index) => (
            <Group
              // biome-ignore lint/suspicious/noArrayIndexKey: two businesses may share a name; the list is newest first
              key={`${item.name}-${index}`}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
            >
              <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                <Text span fw={500}>
                  {item.name}
                </Text>
                {[item.city, item.category, item.domain].filter(Boolean).map((detail) => (
                  <Text span c="dimmed" key={detail}>
                    {' '}
                    · {detail}
                  </Text>
                ))}
              </Text>
              {item.source && (
                <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                  {SOURCE_LABELS[item.source] ?? item.source}
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

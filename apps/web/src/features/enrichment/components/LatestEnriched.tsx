import type { Business } from '@argo/contract';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { latestEnrichedQueryOptions } from '../api';

const TIER_COLORS: Record<string, string> = { A: 'green', B: 'teal', C: 'yellow', D: 'gray' };

/** What one enriched business now shows: software, hiring, ICP fit — or why its enrichment failed. */
function EnrichedFacts({ business }: { business: Business }) {
  if (business.enrichment_state === 'failed') {
    return (
      <Text span size="xs" c="red">
        {business.enrichment_error || 'failed'}
      </Text>
    );
  }
  const software = business.software.slice(0, 3).map((item) => item.name);
  const more = business.software.length - software.length;
  return (
    <Group gap={6} wrap="wrap" justify="flex-end">
      {software.length > 0 && (
        <Text span size="xs" c="dimmed" data-testid="latest-software">
          {software.join(', ')}
          {more > 0 ? ` +${more}` : ''}
        </Text>
      )}
      {business.hiring !== null && (
        <Badge size="sm" variant="light" color={business.hiring ? 'blue' : 'gray'}>
          {business.hiring ? 'Hiring' : 'Not hiring'}
        </Badge>
      )}
      {business.icp_score !== null && (
        <Badge size="sm" variant="light" color={TIER_COLORS[business.icp_tier ?? ''] ?? 'gray'}>
          {business.icp_tier ? `${business.icp_tier} · ` : ''}
          {Math.round(business.icp_score)}
        </Badge>
      )}
    </Group>
  );
}

/** The businesses enriched last, newest first, with what was learnt: proof that the work moves, and what it finds. */
export function LatestEnriched({ sessionId, isActive }: { sessionId: string; isActive: boolean }) {
  const latest = useQuery(latestEnrichedQueryOptions(sessionId, isActive));
  const items = latest.data?.items ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="latest-enriched">
      <Title order={2} size="h4" id="latest-enriched" mb="sm">
        Latest enriched
      </Title>
      {latest.isPending ? (
        <Stack gap={6} aria-busy="true" aria-label="Loading the latest enriched businesses">
          <Skeleton height={20} />
          <Skeleton height={20} />
        </Stack>
      ) : latest.isError ? (
        <Text size="sm" c="red" role="alert">
          The latest businesses could not be loaded: {latest.error.message}
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {isActive
            ? 'The first businesses show up here as soon as their websites are read.'
            : 'No business has been enriched yet.'}
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Latest enriched">
          {items.map((business) => (
            <Group key={business.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                <Text span fw={500}>
                  {business.name}
                </Text>
                {[business.industry, business.domain].filter(Boolean).map((detail) => (
                  <Text span c="dimmed" key={detail}>
                    {' '}
                    · {detail}
                  </Text>
                ))}
              </Text>
              <EnrichedFacts business={business} />
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

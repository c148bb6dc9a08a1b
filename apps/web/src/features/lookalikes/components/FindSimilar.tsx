import { LOOKALIKE_LIMITS, type Lookalike, type LookalikeProposal } from '@argo/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  Skeleton,
  Slider,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSparkles } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { useLookalikes, useSetSessionSeeds, useStartDiscovery } from '../api';

const MAX_SEEDS = LOOKALIKE_LIMITS.maxSeedIds;
const PHONE = '(max-width: 48em)';

export interface FindSimilarProps {
  sessionId: string;
  selectedIds: string[];
  isAllMatching: boolean;
  canEdit: boolean;
  /** Sort the results by similarity to the seeds, showing those scoring at least `min` (0–1). */
  onShowSimilar: (min: number) => void;
}

const percent = (score: number) => `${Math.round(score * 100)}%`;

/**
 * "Find similar" on the selection of /results: the session's businesses most like the ticked ones, each with its
 * score, why and what differs; from there, the results sorted and filtered by similarity, or a new discovery of
 * the seeds' most common category and place ("Find more like these").
 */
export function FindSimilar({
  sessionId,
  selectedIds,
  isAllMatching,
  canEdit,
  onShowSimilar,
}: FindSimilarProps) {
  const [isOpen, setOpen] = useState(false);
  const isPhone = useMediaQuery(PHONE, undefined, { getInitialValueInEffect: false });
  if (selectedIds.length === 0 || isAllMatching) return null;
  const tooMany = selectedIds.length > MAX_SEEDS;
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconSparkles size={16} />}
        onClick={() => setOpen(true)}
        disabled={tooMany}
        title={tooMany ? `Tick at most ${MAX_SEEDS} businesses to find others like them` : undefined}
      >
        Find similar
      </Button>
      <Drawer
        opened={isOpen}
        onClose={() => setOpen(false)}
        position="right"
        size={isPhone ? '100%' : 'lg'}
        title={`Businesses like the ${selectedIds.length === 1 ? 'one' : selectedIds.length} you ticked`}
      >
        {isOpen && (
          <LookalikesPanel
            sessionId={sessionId}
            seedIds={selectedIds}
            canEdit={canEdit}
            onShowSimilar={(min) => {
              setOpen(false);
              onShowSimilar(min);
            }}
          />
        )}
      </Drawer>
    </Group>
  );
}

function LookalikesPanel({
  sessionId,
  seedIds,
  canEdit,
  onShowSimilar,
}: {
  sessionId: string;
  seedIds: string[];
  canEdit: boolean;
  onShowSimilar: (min: number) => void;
}) {
  const [min, setMin] = useState(0.5);
  const lookalikes = useLookalikes({
    seeds: { business_ids: seedIds },
    session_id: sessionId,
    min_score: min,
    page_size: 50,
  });
  const setSeeds = useSetSessionSeeds(sessionId);
  const data = lookalikes.data;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" id="lookalike-min-label">
          Similar to the ticked ones by at least {percent(min)}
        </Text>
        <Slider
          aria-labelledby="lookalike-min-label"
          min={0}
          max={1}
          step={0.05}
          value={min}
          onChange={setMin}
          label={percent}
        />
      </Stack>

      {canEdit && (
        <Group gap="sm">
          <Button
            size="sm"
            loading={setSeeds.isPending}
            onClick={() => setSeeds.mutate(seedIds, { onSuccess: () => onShowSimilar(min) })}
          >
            Sort the results by similarity
          </Button>
          {setSeeds.error && (
            <Text size="sm" c="red" role="alert">
              {setSeeds.error.message}
            </Text>
          )}
        </Group>
      )}

      {lookalikes.isError && (
        <ErrorState
          title="Similar businesses could not be found"
          error={lookalikes.error}
          onRetry={() => void lookalikes.refetch()}
          isRetrying={lookalikes.isFetching}
        />
      )}
      {lookalikes.isPending && !lookalikes.isError && (
        <Stack gap="sm" aria-label="Finding similar businesses" aria-busy="true">
          <Skeleton height={72} />
          <Skeleton height={72} />
          <Skeleton height={72} />
        </Stack>
      )}
      {data && data.items.length === 0 && (
        <Alert variant="light" color="gray" title="None similar enough">
          No other business of this session is similar to these by {percent(min)} or more. Lower the bar, or
          enrich the session first: software and the words of each site make the comparison sharper.
        </Alert>
      )}
      {data && data.items.length > 0 && (
        <Stack gap="sm" aria-label="Similar businesses">
          <Text size="sm" c="dimmed">
            {data.total.toLocaleString('en-US')} {data.total === 1 ? 'business' : 'businesses'} at{' '}
            {percent(min)} or more{data.total > data.items.length ? `; the first ${data.items.length}` : ''}.
          </Text>
          {data.items.map((item) => (
            <LookalikeCard key={item.business.id} item={item} />
          ))}
        </Stack>
      )}
      {data && <MoreLikeThese proposal={data.proposal} />}
    </Stack>
  );
}

function LookalikeCard({ item }: { item: Lookalike }) {
  const place = [item.business.category, item.business.city].filter(Boolean).join(' · ');
  return (
    <Card withBorder padding="sm" component="article" aria-label={item.business.name}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm" lineClamp={1}>
          {item.business.name}
        </Text>
        <Badge variant="light" aria-label={`similarity ${percent(item.score)}`}>
          {percent(item.score)}
        </Badge>
      </Group>
      {place && (
        <Text size="xs" c="dimmed">
          {place}
        </Text>
      )}
      <Text size="sm" mt={4}>
        {item.explanation}
      </Text>
      {item.differences.length > 0 && (
        <Text size="xs" c="dimmed" mt={2}>
          Differs: {item.differences.join('; ')}
        </Text>
      )}
    </Card>
  );
}

/** A discovery of the seeds' most common category in their most common place, to start from here. */
function MoreLikeThese({ proposal }: { proposal: LookalikeProposal }) {
  const navigate = useNavigate();
  const start = useStartDiscovery();
  const { query, location } = proposal;
  if (!query || !location) return null;
  return (
    <Card withBorder padding="sm" bg="var(--mantine-color-gray-light)">
      <Title order={4} size="sm">
        Find more like these
      </Title>
      <Text size="sm" mt={4}>
        Search for more <b>{query}</b> in <b>{location}</b>, the ticked businesses' most common category and
        place.
      </Text>
      <Group mt="sm" gap="sm">
        <Button
          size="xs"
          variant="default"
          loading={start.isPending}
          onClick={() =>
            start.mutate(
              { name: `More ${query} in ${location}`, query, location },
              {
                onSuccess: (session) =>
                  void navigate({ to: '/discovery-processing', search: { session_id: session.id } }),
              },
            )
          }
        >
          Start this discovery
        </Button>
        {start.error && (
          <Text size="sm" c="red" role="alert">
            {start.error.message}
          </Text>
        )}
      </Group>
    </Card>
  );
}

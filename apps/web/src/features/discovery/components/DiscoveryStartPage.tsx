import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { venturesQueryOptions } from '../api';
import { readVentureChoice, saveVentureChoice } from '../venture-choice';
import { CompetitorsCard } from './CompetitorsCard';
import { FindBusinessesCard } from './FindBusinessesCard';
import { ImportCsvCard } from './ImportCsvCard';
import { RecentSessionsList } from './RecentSessionsList';
import { VenturePicker } from './VenturePicker';

/** `/`: the three ways to start a discovery, for the venture picked, and the latest sessions. */
export function DiscoveryStartPage() {
  const ventures = useQuery(venturesQueryOptions());
  const [choice, setChoice] = useState<string | null | undefined>(readVentureChoice);

  // A remembered venture that is gone (deleted, or no longer assigned to this person) is forgotten.
  useEffect(() => {
    if (ventures.data && choice && !ventures.data.some((venture) => venture.venture_id === choice)) {
      setChoice(undefined);
      saveVentureChoice(undefined);
    }
  }, [ventures.data, choice]);

  const chooseVenture = (next: string | null) => {
    setChoice(next);
    saveVentureChoice(next);
  };
  // Nothing picked in this browser yet: a person with a single venture means that one (a new user's first
  // discovery is then scored against the venture they just described).
  const onlyVenture = ventures.data?.length === 1 ? (ventures.data[0]?.venture_id ?? null) : null;
  const ventureId = choice === undefined ? onlyVenture : choice;
  // Until the ventures are known, a remembered id is not sent: it may be one that is gone.
  const sentVentureId = ventures.data ? ventureId : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <div>
          <Title order={1}>Start a discovery</Title>
          <Text c="dimmed" size="sm">
            Find small businesses that could be your customers. Each discovery becomes a session.
          </Text>
        </div>
        <VenturePicker
          ventures={ventures.data}
          isLoading={ventures.isPending}
          value={ventureId}
          onChange={chooseVenture}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <FindBusinessesCard ventureId={sentVentureId} />
        <CompetitorsCard ventureId={sentVentureId} />
        <ImportCsvCard ventureId={sentVentureId} />
      </SimpleGrid>
      <RecentSessionsList />
    </Stack>
  );
}

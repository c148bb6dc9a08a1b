import { Badge, Group, Paper, Progress, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { AnchorLink } from '../../../components/links';
import { hasExported } from '../../../lib/milestones';
import {
  businessTotalsQueryOptions,
  hasProfilesQueryOptions,
  recentSessionsQueryOptions,
  venturesQueryOptions,
} from '../api';

interface StepProps {
  title: string;
  description: string;
  isDone: boolean;
  /** The link to where the step is done. */
  link: ReactNode;
}

function Step({ title, description, isDone, link }: StepProps) {
  return (
    <Group
      component="li"
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      data-testid="checklist-step"
      data-done={isDone}
    >
      <ThemeIcon
        variant={isDone ? 'filled' : 'light'}
        color={isDone ? 'green' : 'gray'}
        radius="xl"
        size="md"
        aria-hidden
      >
        {isDone ? <IconCheck size={16} /> : <IconCircleDashed size={16} />}
      </ThemeIcon>
      <div style={{ flex: 1 }}>
        <Group gap="xs">
          <Text fw={500} td={isDone ? 'line-through' : undefined}>
            {title}
          </Text>
          {isDone && (
            <Badge size="xs" color="green" variant="light">
              Done
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {description} {link}
        </Text>
      </div>
    </Group>
  );
}

/** The first steps with Argo, ticked off as the account's data shows them done. */
export function GettingStarted() {
  const ventures = useQuery(venturesQueryOptions());
  const recent = useQuery(recentSessionsQueryOptions());
  const totals = useQuery(businessTotalsQueryOptions());
  const ventureIds = (ventures.data ?? []).map((venture) => venture.venture_id);
  const profiles = useQuery({ ...hasProfilesQueryOptions(ventureIds), enabled: ventures.isSuccess });

  // The business numbers and the profiles only tick steps: if they fail, those steps stay open.
  const failed = ventures.isError ? ventures : recent.isError ? recent : null;
  if (failed) {
    return (
      <Paper withBorder p="md">
        <ErrorState
          title="The checklist could not be loaded"
          error={failed.error}
          onRetry={() => {
            if (ventures.isError) void ventures.refetch();
            if (recent.isError) void recent.refetch();
          }}
          isRetrying={ventures.isFetching || recent.isFetching}
        />
      </Paper>
    );
  }

  const isLoading =
    !ventures.data || !recent.data || totals.isPending || (ventureIds.length > 0 && profiles.isPending);
  const hasVenture = (ventures.data?.length ?? 0) > 0;
  const hasSession = (recent.data?.total ?? 0) > 0;
  const hasEnriched = (totals.data?.enriched ?? 0) > 0;
  const hasProfiles = profiles.data === true;
  // The newest session is where enrichment, ICP and export happen next.
  const latest = recent.data?.items[0];
  const latestSearch = latest ? { session_id: latest.id } : undefined;

  const steps: StepProps[] = [
    {
      title: 'Create a venture',
      description: 'Say what you sell and to whom; its ideal customer profile drives the scoring.',
      isDone: hasVenture,
      link: <AnchorLink to="/ventures">Go to ventures</AnchorLink>,
    },
    {
      title: 'Run a discovery',
      description: 'Find businesses by category and place, your competitors’ customers, or import a CSV.',
      isDone: hasSession,
      link: <AnchorLink to="/">Start a discovery</AnchorLink>,
    },
    {
      title: 'Enrich results',
      description: 'Read every business’s website: what it does, the software it runs, whether it is hiring.',
      isDone: hasEnriched,
      link: latestSearch ? (
        <AnchorLink to="/enrichment" search={latestSearch}>
          Enrich the latest session
        </AnchorLink>
      ) : (
        <AnchorLink to="/sessions">Pick a session</AnchorLink>
      ),
    },
    {
      title: 'Build ICP profiles',
      description: 'Turn enriched results into ideal customer segments and outreach content.',
      isDone: hasProfiles,
      link: latestSearch ? (
        <AnchorLink to="/results" search={latestSearch}>
          Open the latest results
        </AnchorLink>
      ) : (
        <AnchorLink to="/sessions">Pick a session</AnchorLink>
      ),
    },
    {
      title: 'Export CSV',
      description: 'Download the results, filtered as you like, for your CRM or a spreadsheet.',
      // An export is a download the API does not record; this browser remembers it.
      isDone: hasExported(),
      link: latestSearch ? (
        <AnchorLink to="/results" search={latestSearch}>
          Export from the latest results
        </AnchorLink>
      ) : (
        <AnchorLink to="/sessions">Pick a session</AnchorLink>
      ),
    },
  ];
  const doneCount = steps.filter((step) => step.isDone).length;

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Getting started
        </Title>
        {!isLoading && (
          <Text size="sm" c="dimmed" data-testid="checklist-progress">
            {doneCount} of {steps.length} done
          </Text>
        )}
      </Group>
      {isLoading ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the checklist">
          {steps.map((step) => (
            <Skeleton key={step.title} height={40} />
          ))}
        </Stack>
      ) : (
        <>
          <Progress
            value={(doneCount / steps.length) * 100}
            size="sm"
            mb="md"
            aria-label="Getting started progress"
          />
          <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
            {steps.map((step) => (
              <Step key={step.title} {...step} />
            ))}
          </Stack>
        </>
      )}
    </Paper>
  );
}

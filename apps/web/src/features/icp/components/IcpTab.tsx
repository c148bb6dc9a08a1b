import { employeeRangeText, type IcpProfile, type SessionInfo } from '@argo/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconSparkles, IconTarget, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { isApiError } from '../../../lib/api-client';
import { PROFILE_GONE_REASON } from '../../../lib/saved-profiles';
import {
  icpOverviewQueryOptions,
  icpProfilesQueryOptions,
  useCreateProfiles,
  useGenerateContent,
} from '../api';
import { BarList, DecisionMakers, HiringShare, ScoreHistogram, TierBars } from './charts';
import { GeneratedByNote, GeneratedContentView } from './GeneratedContentView';

interface IcpTabProps {
  sessionId: string;
  info: SessionInfo | undefined;
}

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The ICP tab of /results: overview charts, profiles, and outreach content. */
export function IcpTab({ sessionId, info }: IcpTabProps) {
  const overview = useQuery(icpOverviewQueryOptions(sessionId));
  const enriched = info?.counts.by_enrichment_state.done ?? 0;

  return (
    <Stack gap="lg">
      {overview.isPending && (
        <SimpleGrid
          cols={{ base: 1, md: 3 }}
          role="status"
          aria-busy="true"
          aria-label="Loading the ICP overview"
        >
          <Skeleton height={160} />
          <Skeleton height={160} />
          <Skeleton height={160} />
        </SimpleGrid>
      )}
      {overview.isError && (
        <ErrorState
          title="The ICP overview could not be loaded"
          error={overview.error}
          onRetry={() => void overview.refetch()}
          isRetrying={overview.isFetching}
        />
      )}
      {overview.data &&
        (Object.values(overview.data.by_tier).every((count) => count === 0) ? (
          <Paper withBorder p="xl">
            <EmptyState
              icon={<IconTarget size={32} />}
              title="No businesses to profile yet"
              description="Run discovery, then enrichment with ICP analysis, to see how the businesses fit your venture."
            />
          </Paper>
        ) : (
          <>
            <Paper withBorder p="md" component="section" aria-label="Summary">
              <Text size="sm" data-testid="icp-narrative">
                {overview.data.narrative}
              </Text>
              <Group mt="xs">
                <GeneratedByNote generatedBy={overview.data.generated_by} what="This overview was" />
              </Group>
              {(overview.data.by_tier.unscored ?? 0) > 0 && (
                <Text size="xs" c="dimmed" mt="xs">
                  {(overview.data.by_tier.unscored ?? 0).toLocaleString('en-US')}{' '}
                  {overview.data.by_tier.unscored === 1 ? 'business is' : 'businesses are'} not scored yet
                  {enriched === 0 ? '' : ' (run ICP analysis on them from the Enrichment page)'}.
                </Text>
              )}
            </Paper>
            <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
              <ChartCard title="Tiers">
                <TierBars byTier={overview.data.by_tier} />
              </ChartCard>
              <ChartCard title="ICP scores">
                <ScoreHistogram buckets={overview.data.score_histogram} />
              </ChartCard>
              <ChartCard title="Hiring">
                <HiringShare share={overview.data.hiring_share} analysed={overview.data.careers_analysed} />
              </ChartCard>
              {overview.data.decision_makers && (
                <ChartCard title="Decision-makers">
                  <DecisionMakers counts={overview.data.decision_makers} />
                </ChartCard>
              )}
              <ChartCard title="Top industries">
                <BarList
                  label="Top industries"
                  items={overview.data.top_industries}
                  empty="No industries yet"
                />
              </ChartCard>
              <ChartCard title="Top software">
                <BarList
                  label="Top software"
                  items={overview.data.top_software}
                  empty="No software detected yet"
                />
              </ChartCard>
              <ChartCard title="Places">
                <BarList label="Places" items={overview.data.places} empty="No places known" />
              </ChartCard>
            </SimpleGrid>
          </>
        ))}
      {info && <ProfilesSection sessionId={sessionId} ventureId={info.venture_id} />}
    </Stack>
  );
}

function ProfilesSection({ sessionId, ventureId }: { sessionId: string; ventureId: string | null }) {
  const profiles = useQuery({ ...icpProfilesQueryOptions(ventureId ?? ''), enabled: ventureId !== null });
  const create = useCreateProfiles(sessionId, ventureId);
  const [count, setCount] = useState<number>(3);
  const list = profiles.data ?? null;
  // A share of the session does not bring its venture: its profiles (saved there) are not this caller's to see or
  // replace, and the API answers 404 for the venture.
  const isVentureHidden = isApiError(profiles.error, 404);

  return (
    <Stack gap="md" component="section" aria-label="ICP profiles">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h4">
            Profiles
          </Title>
          <Text size="sm" c="dimmed">
            Segments of the enriched businesses that fit together, saved to the session’s venture.
          </Text>
        </div>
        <Group gap="sm" align="flex-end">
          <NumberInput
            label="How many"
            min={2}
            max={5}
            value={count}
            onChange={(value) => setCount(typeof value === 'number' ? value : 3)}
            w={100}
            size="xs"
          />
          <Button
            leftSection={<IconUsersGroup size={16} />}
            loading={create.isPending}
            onClick={() => create.mutate(count)}
            disabled={!ventureId || isVentureHidden}
          >
            Create profiles
          </Button>
        </Group>
      </Group>
      {!ventureId && (
        <Alert color="yellow" variant="light">
          Profiles are saved to a venture, and this session has none. Give it one with Edit on the{' '}
          <AnchorLink to="/sessions">Sessions</AnchorLink> page.
        </Alert>
      )}
      {create.isError && (
        <ErrorState
          title="The profiles could not be created"
          error={create.error}
          onRetry={() => create.mutate(count)}
        />
      )}
      {isVentureHidden && (
        <Alert color="yellow" variant="light">
          Profiles are saved to this session’s venture, which is not one of your ventures. To see and create
          them, ask an admin of your account to assign you to it.
        </Alert>
      )}
      {profiles.isError && !isVentureHidden && (
        <ErrorState
          title="The venture's profiles could not be loaded"
          error={profiles.error}
          onRetry={() => void profiles.refetch()}
          isRetrying={profiles.isFetching}
        />
      )}
      {list && list.length === 0 && (
        <Text size="sm" c="dimmed">
          No profiles yet. “Create profiles” groups the enriched businesses of this session into segments.
        </Text>
      )}
      {list && list.length > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {list.map((profile) => (
              <ProfileCard
                key={profile.id}
                profile={profile}
                isFromThisSession={profile.session_id === sessionId}
              />
            ))}
          </SimpleGrid>
          <Group>
            <ButtonLink to="/ventures" variant="subtle" size="xs">
              Edit profiles in Ventures
            </ButtonLink>
          </Group>
        </>
      )}
    </Stack>
  );
}

function criteriaSummary(profile: IcpProfile): string[] {
  const { criteria } = profile;
  return [
    ...criteria.industries.map((industry) => `Industry: ${industry}`),
    ...criteria.locations.map((location) => `In ${location}`),
    ...criteria.software_signals.map((software) => `Uses ${software}`),
    ...criteria.keywords.map((keyword) => `“${keyword}”`),
    ...(criteria.hiring_signal === true
      ? ['Hiring']
      : criteria.hiring_signal === false
        ? ['Not hiring']
        : []),
    ...(criteria.reachable_decision_maker ? ['Reachable decision-maker'] : []),
    ...(employeeRangeText(criteria.employee_min, criteria.employee_max) ?? []),
  ];
}

const PROFILE_GONE_PROMPT = `${PROFILE_GONE_REASON} Reload the page to see the profiles you can use, or create them again.`;

function ProfileCard({ profile, isFromThisSession }: { profile: IcpProfile; isFromThisSession: boolean }) {
  const generate = useGenerateContent();
  return (
    <Card withBorder component="article" aria-label={`Profile ${profile.name}`}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {profile.name}
        </Title>
        <Badge variant="light">
          {profile.size.toLocaleString('en-US')} {profile.size === 1 ? 'business' : 'businesses'}
        </Badge>
      </Group>
      <Group gap={4} mb="xs">
        {criteriaSummary(profile).map((criterion) => (
          <Badge key={criterion} variant="outline" size="sm">
            {criterion}
          </Badge>
        ))}
      </Group>
      <Text size="sm">{profile.why}</Text>
      {profile.examples.length > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          For example: {profile.examples.map((example) => example.name).join(', ')}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {profile.generated_by === 'model' ? 'Written by a language model' : 'Built-in segmentation'}
        {isFromThisSession ? '' : ' · from another session of this venture'}
      </Text>
      <Group mt="sm">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSparkles size={14} />}
          loading={generate.isPending}
          onClick={() => generate.mutate({ target: { profile_id: profile.id } })}
        >
          Generate content
        </Button>
      </Group>
      {generate.isError && (
        <ErrorState
          title="The content could not be generated"
          // The card stays, with what happened and what to do (it is not taken from under the reader).
          error={isApiError(generate.error, 404) ? new Error(PROFILE_GONE_PROMPT) : generate.error}
        />
      )}
      {generate.data && (
        <Stack mt="sm">
          <GeneratedContentView content={generate.data} />
        </Stack>
      )}
    </Card>
  );
}

/** Outreach for one business, shown in the results' detail drawer. */
export function BusinessOutreach({ businessId, businessName }: { businessId: string; businessName: string }) {
  const generate = useGenerateContent();
  return (
    <section aria-label="Outreach">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          Outreach
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSparkles size={14} />}
          loading={generate.isPending}
          onClick={() => generate.mutate({ target: { business_id: businessId } })}
          aria-label={`Generate content for ${businessName}`}
        >
          Generate content
        </Button>
      </Group>
      {generate.isError && <ErrorState title="The content could not be generated" error={generate.error} />}
      {generate.data && <GeneratedContentView content={generate.data} />}
    </section>
  );
}

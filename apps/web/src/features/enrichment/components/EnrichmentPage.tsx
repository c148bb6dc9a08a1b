import { type SessionInfo, sessionAccessAllows } from '@argo/contract';
import { Alert, Button, Checkbox, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconBolt, IconWorldOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { PageLoader } from '../../../components/PageLoader';
import { SessionLoadError } from '../../../components/SessionGoneAlert';
import { isApiError } from '../../../lib/api-error';
import { isSessionActive, sessionInfoQueryOptions } from '../../../lib/session-api';
import { describeStartError } from '../../../lib/start-error';
import { useStartEnrichment, websiteCountQueryOptions } from '../api';
import {
  ANALYZERS,
  type Analyzer,
  ENRICHMENT_TYPE_TEXT,
  needsCrawl,
  requestedTypes,
} from '../enrichment-types';
import { EstimatePanel } from './EstimatePanel';

interface EnrichmentPageProps {
  sessionId: string | undefined;
  /** The businesses chosen on /results; the whole session when empty. */
  businessIds?: readonly string[] | undefined;
}

/** /enrichment: choose what to learn about each business, see what it will cost, and start. */
export function EnrichmentPage({ sessionId, businessIds = [] }: EnrichmentPageProps) {
  if (!sessionId) {
    return (
      <Stack gap="md">
        <Title order={1}>Enrichment</Title>
        <Alert color="yellow" variant="light" title="No session chosen">
          Enrichment reads the websites of one session’s businesses. Open a session on the{' '}
          <AnchorLink to="/sessions">Sessions</AnchorLink> page and choose “Enrich”, or{' '}
          <AnchorLink to="/">start a discovery</AnchorLink> first.
        </Alert>
      </Stack>
    );
  }
  return <EnrichmentChoice sessionId={sessionId} businessIds={businessIds} />;
}

function EnrichmentChoice({ sessionId, businessIds }: { sessionId: string; businessIds: readonly string[] }) {
  const info = useQuery(sessionInfoQueryOptions(sessionId));
  const websites = useQuery(websiteCountQueryOptions(sessionId));

  if (info.isSuccess && websites.isSuccess) {
    return <EnrichmentForm info={info.data} websiteCount={websites.data} businessIds={businessIds} />;
  }
  const failed = info.isError ? info : websites.isError ? websites : null;
  if (!failed) return <PageLoader />;
  return (
    <Stack gap="md">
      <Title order={1}>Enrichment</Title>
      <SessionLoadError
        title="The session could not be loaded"
        error={failed.error}
        onRetry={() => {
          void info.refetch();
          void websites.refetch();
        }}
        isRetrying={info.isFetching || websites.isFetching}
      />
      <Group>
        <ButtonLink to="/sessions" variant="default">
          All sessions
        </ButtonLink>
      </Group>
    </Stack>
  );
}

function EnrichmentForm({
  info,
  websiteCount,
  businessIds,
}: {
  info: SessionInfo;
  websiteCount: number;
  businessIds: readonly string[];
}) {
  const navigate = useNavigate();
  const start = useStartEnrichment(info.id);
  const [chosen, setChosen] = useState<Analyzer[]>([...ANALYZERS]);
  const [scope, setScope] = useState<'session' | 'selected'>(businessIds.length > 0 ? 'selected' : 'session');
  const isSelected = scope === 'selected' && businessIds.length > 0;
  const allChosen = chosen.length === ANALYZERS.length;
  const canRun = sessionAccessAllows(info.access, 'run');
  const isBusy = isSessionActive(info);

  const header = (
    <div>
      <Text size="sm" c="dimmed">
        Enrichment
      </Text>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {info.name}
      </Title>
    </div>
  );

  if (info.counts.businesses === 0 || websiteCount === 0) {
    return (
      <Stack gap="lg">
        {header}
        <Paper withBorder p="xl" data-testid="enrichment-empty">
          <Stack align="center" gap="xs" ta="center">
            <IconWorldOff size={32} aria-hidden />
            <Title order={2} size="h4">
              {info.counts.businesses === 0
                ? 'This session has no businesses yet'
                : 'None of these businesses has a website'}
            </Title>
            <Text size="sm" c="dimmed" maw={520}>
              Enrichment reads each business’s website, so there is nothing to read here.{' '}
              {info.counts.businesses === 0
                ? 'Wait for the discovery to find some, or start another one.'
                : 'Import a CSV with a website column, or run a discovery that finds websites.'}
            </Text>
            <Group mt="sm">
              <ButtonLink to="/results" search={{ session_id: info.id }} variant="default">
                Back to the results
              </ButtonLink>
              <ButtonLink to="/">Start a discovery</ButtonLink>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    );
  }

  const toggle = (type: Analyzer, isOn: boolean) =>
    setChosen((current) => (isOn ? [...current, type] : current.filter((item) => item !== type)));
  const sites = isSelected ? Math.min(businessIds.length, websiteCount) : websiteCount;
  const isConflict = isApiError(start.error, 409);
  const startProblem = start.error
    ? describeStartError(start.error, 'The enrichment could not start.')
    : null;

  const submit = () =>
    start.mutate(
      { types: requestedTypes(chosen), businessIds: isSelected ? [...businessIds] : undefined },
      {
        onSuccess: (job) =>
          void navigate({ to: '/enrichment-processing', search: { session_id: job.session.id } }),
      },
    );

  return (
    <Stack gap="lg">
      {header}

      {isBusy && (
        <Alert color="blue" variant="light" title="This session is at work">
          It is {info.status} now; a new enrichment can start when it is done.{' '}
          <AnchorLink to="/enrichment-processing" search={{ session_id: info.id }}>
            Watch its progress
          </AnchorLink>
        </Alert>
      )}
      {!canRun && (
        <Alert color="yellow" variant="light" title="View access only">
          This session is shared with you to view; its owner or someone with edit access can enrich it.
        </Alert>
      )}

      <Paper withBorder p="lg" component="section" aria-labelledby="enrichment-types">
        <Title order={2} size="h4" id="enrichment-types" mb="xs">
          What to learn
        </Title>
        <Stack gap="sm">
          <Checkbox
            label={ENRICHMENT_TYPE_TEXT.unified.label}
            description={ENRICHMENT_TYPE_TEXT.unified.description}
            checked={allChosen}
            indeterminate={chosen.length > 0 && !allChosen}
            onChange={(event) => setChosen(event.currentTarget.checked ? [...ANALYZERS] : [])}
          />
          <Stack gap="sm" pl="xl">
            {ANALYZERS.map((type) => (
              <Checkbox
                key={type}
                label={ENRICHMENT_TYPE_TEXT[type].label}
                description={ENRICHMENT_TYPE_TEXT[type].description}
                checked={chosen.includes(type)}
                onChange={(event) => toggle(type, event.currentTarget.checked)}
              />
            ))}
          </Stack>
          {chosen.includes('icp_analysis') && !info.venture_id && (
            <Text size="sm" c="orange" data-testid="no-venture-note">
              This session has no venture, so there is no ICP to score against. Choose a venture for it on the{' '}
              <AnchorLink to="/sessions">Sessions</AnchorLink> page first, or leave ICP fit out.
            </Text>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="lg" component="section" aria-labelledby="enrichment-scope">
        <Title order={2} size="h4" id="enrichment-scope" mb="xs">
          Which businesses
        </Title>
        <Radio.Group value={scope} onChange={(value) => setScope(value as 'session' | 'selected')}>
          <Stack gap="xs">
            <Radio
              value="session"
              label={`The whole session: ${info.counts.businesses.toLocaleString('en-US')} ${
                info.counts.businesses === 1 ? 'business' : 'businesses'
              }, ${websiteCount.toLocaleString('en-US')} with a website`}
            />
            <Radio
              value="selected"
              disabled={businessIds.length === 0}
              label={
                businessIds.length > 0
                  ? `The ${businessIds.length.toLocaleString('en-US')} selected on the results page`
                  : 'Selected businesses (select rows on the results page first)'
              }
            />
          </Stack>
        </Radio.Group>
        <Text size="xs" c="dimmed" mt="xs">
          Businesses without a website are skipped. Running a type again replaces what it found before.
        </Text>
      </Paper>

      <EstimatePanel sites={sites} isUpperBound={isSelected} needsCrawl={needsCrawl(chosen)} />

      {startProblem && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={isConflict ? 'The session is busy' : 'The enrichment could not start'}
        >
          <Text size="sm">{startProblem.message}</Text>
          {isConflict && (
            <Text size="sm" mt="xs">
              Wait until the current run is finished, or cancel it on its{' '}
              <AnchorLink to="/enrichment-processing" search={{ session_id: info.id }}>
                progress page
              </AnchorLink>
              , then start again.
            </Text>
          )}
        </Alert>
      )}

      <Group justify="space-between">
        <ButtonLink to="/results" search={{ session_id: info.id }} variant="default">
          Back to the results
        </ButtonLink>
        <Button
          leftSection={<IconBolt size={16} />}
          onClick={submit}
          loading={start.isPending}
          disabled={chosen.length === 0 || !canRun || isBusy}
        >
          {chosen.length === 0 ? 'Choose at least one type' : 'Start enrichment'}
        </Button>
      </Group>
    </Stack>
  );
}

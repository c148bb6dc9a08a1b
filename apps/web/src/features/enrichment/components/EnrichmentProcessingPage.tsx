import { IconBolt } from '@tabler/icons-react';
import { ButtonLink } from '../../../components/links';
import {
  type ProgressScreenOptions,
  SessionProgressPage,
} from '../../../components/session-progress/SessionProgressPage';
import { LatestEnriched } from './LatestEnriched';

/** The discovery/import progress screen, following an enrichment run instead. */
const ENRICHMENT_PROGRESS: ProgressScreenOptions = {
  title: 'Enrichment',
  units: { plural: 'businesses', done: 'enriched', failed: 'failed' },
  showFound: false,
  renderLatest: (info, isActive) => <LatestEnriched sessionId={info.id} isActive={isActive} />,
  renderRunAgain: (info) => (
    <ButtonLink
      to="/enrichment"
      search={{ session_id: info.id }}
      variant="default"
      leftSection={<IconBolt size={16} />}
    >
      Enrich again
    </ButtonLink>
  ),
  cancelNote:
    'The work stops within seconds. What was enriched so far is kept; the rest can be enriched later.',
};

/** /enrichment-processing: live progress of an enrichment run, with cancel; on to /results when done. */
export function EnrichmentProcessingPage({ sessionId }: { sessionId?: string | undefined }) {
  return <SessionProgressPage sessionId={sessionId} options={ENRICHMENT_PROGRESS} />;
}

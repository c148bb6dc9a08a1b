import { Text } from '@mantine/core';
import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: Live progress of an enrichment run, with cancel; it moves on to the results when done. */
export function EnrichmentProcessingPage({ sessionId }: { sessionId?: string | undefined }) {
  return (
    <>
      <PlaceholderPage
        title="Enrichment"
        purpose="Live progress of an enrichment run, with cancel; it moves on to the results when done."
      />
      {sessionId && (
        <Text c="dimmed" size="sm" mt="sm">
          Session {sessionId}
        </Text>
      )}
    </>
  );
}

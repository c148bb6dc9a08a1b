import { Text } from '@mantine/core';
import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Placeholder: Choose what to learn about each business — summary, software, hiring, ICP fit — see the estimated pages and time, and start. */
export function EnrichmentPage({ sessionId }: { sessionId?: string | undefined }) {
  return (
    <>
      <PlaceholderPage
        title="Enrichment"
        purpose="Choose what to learn about each business — summary, software, hiring, ICP fit — see the estimated pages and time, and start."
      />
      {sessionId && (
        <Text c="dimmed" size="sm" mt="sm">
          Session {sessionId}
        </Text>
      )}
    </>
  );
}

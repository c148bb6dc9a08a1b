import type { Business } from '@argo/contract';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

/** "Enrich now": the business alone, every analyzer in one pass; tells what happened. */
export function EnrichNow({
  business,
  onEnrich,
}: {
  business: Business;
  onEnrich: (business: Business) => Promise<unknown>;
}) {
  const [isQueuing, setQueuing] = useState(false);
  const enrich = async () => {
    setQueuing(true);
    try {
      await onEnrich(business);
      notifications.show({
        color: 'green',
        title: 'Enrichment queued',
        message: `${business.name}: its website is read next; the facts appear here when it is done.`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not start the enrichment',
        message: error instanceof Error ? error.message : 'Try again in a moment.',
      });
    } finally {
      setQueuing(false);
    }
  };
  return (
    <Button size="xs" variant="light" onClick={enrich} loading={isQueuing}>
      Enrich now
    </Button>
  );
}

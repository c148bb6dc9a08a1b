import type { ResultsMatching } from '@argo/contract';
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { SELECTED_ROWS_ENRICHMENT, useEnrichSelected } from '../api';

const count = (n: number) => n.toLocaleString('en-US');
const businesses = (n: number) => `${count(n)} ${n === 1 ? 'business' : 'businesses'}`;

/**
 * What can be done with the selected rows — enrich them, or let go of the selection. When every row of the page
 * is selected and more match, it offers them all, as a mail client does: "All 50 on this page are selected. Select
 * all 100,000 matching". Then the action goes to the server as the search and filters (`matching`), not as ids.
 */
export function SelectionBar({
  sessionId,
  selectedIds,
  pageCount,
  isWholePage,
  total,
  matching,
  isAllMatching,
  onSelectAllMatching,
  canRun,
  onClear,
}: {
  sessionId: string;
  selectedIds: string[];
  /** Rows on the page shown. */
  pageCount: number;
  /** Exactly the rows of this page are selected. */
  isWholePage: boolean;
  /** Businesses matching the search and filters. */
  total: number;
  /** The search and filters the "all matching" selection stands for. */
  matching: ResultsMatching;
  isAllMatching: boolean;
  onSelectAllMatching: () => void;
  canRun: boolean;
  onClear: () => void;
}) {
  const navigate = useNavigate();
  const enrich = useEnrichSelected(sessionId);
  const canOfferAll = !isAllMatching && isWholePage && total > pageCount;
  const run = () =>
    enrich.mutate(
      {
        target: isAllMatching ? { matching } : { businessIds: selectedIds },
        types: SELECTED_ROWS_ENRICHMENT,
      },
      {
        onSuccess: (job) => {
          onClear();
          void navigate({ to: '/enrichment-processing', search: { session_id: job.session.id } });
        },
      },
    );
  return (
    <Paper withBorder p="xs" bg="var(--mantine-primary-color-light)">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={500} data-testid="selection-count">
          {isAllMatching
            ? `All ${businesses(total)} matching are selected.`
            : canOfferAll
              ? `All ${count(pageCount)} on this page are selected.`
              : `${businesses(selectedIds.length)} selected`}
          {canOfferAll && ' '}
          {canOfferAll && (
            <Anchor component="button" type="button" size="sm" fw={600} onClick={onSelectAllMatching}>
              Select all {count(total)} matching
            </Anchor>
          )}
        </Text>
        <Group gap="sm">
          {enrich.error && (
            <Text size="sm" c="red" role="alert">
              {enrich.error.message}
            </Text>
          )}
          {canRun && (
            <Button size="xs" leftSection={<IconBolt size={14} />} loading={enrich.isPending} onClick={run}>
              {isAllMatching ? `Enrich all ${count(total)}` : 'Enrich selected'}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

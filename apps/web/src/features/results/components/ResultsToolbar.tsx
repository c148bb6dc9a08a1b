import { Badge, Button, Checkbox, Group, Paper, Popover, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAddressBook,
  IconBolt,
  IconColumns,
  IconDownload,
  IconFilter,
  IconSearch,
  IconShare,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { SELECTED_ROWS_ENRICHMENT, useEnrichSelected, useExport } from '../api';
import { CHOOSABLE_COLUMNS, type ColumnVisibility } from '../column-choice';
import type { ResultsSearch } from '../search';

const SEARCH_DEBOUNCE_MS = 300;

interface ResultsToolbarProps {
  search: ResultsSearch;
  onSearchChange: (patch: Partial<ResultsSearch>) => void;
  total: number | undefined;
  sessionId: string;
  isFilterPanelOpen: boolean;
  onToggleFilterPanel: () => void;
  columnVisibility: ColumnVisibility;
  onColumnVisibilityChange: (visibility: ColumnVisibility) => void;
  /** Opens the share dialog; absent when the user may not share. */
  onShare?: (() => void) | undefined;
  /** The column choice only matters for the table. */
  isTable: boolean;
}

/** Search, filters, columns, export and share above the results. */
export function ResultsToolbar({
  search,
  onSearchChange,
  total,
  sessionId,
  isFilterPanelOpen,
  onToggleFilterPanel,
  columnVisibility,
  onColumnVisibilityChange,
  onShare,
  isTable,
}: ResultsToolbarProps) {
  const [text, setText] = useState(search.search ?? '');
  // The search text last sent to the address: a different one there came from elsewhere ("Clear search",
  // going back) and replaces what is in the box.
  const sentText = useRef(search.search ?? '');
  useEffect(() => {
    const fromAddress = search.search ?? '';
    if (fromAddress !== sentText.current) {
      sentText.current = fromAddress;
      setText(fromAddress);
    }
  }, [search.search]);
  const applySearch = useDebouncedCallback((value: string) => {
    sentText.current = value.trim();
    onSearchChange({ search: value.trim() || undefined, page: 0 });
  }, SEARCH_DEBOUNCE_MS);
  const filterCount = Object.keys(search.filters ?? {}).length;

  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="sm">
        <Group gap="sm" style={{ flex: 1, minWidth: 260 }}>
          <TextInput
            aria-label="Search businesses"
            placeholder="Search name, website, category, city, summary"
            leftSection={<IconSearch size={16} />}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
            style={{ flex: 1, minWidth: 220, maxWidth: 420 }}
          />
          <Button
            variant={isFilterPanelOpen ? 'light' : 'default'}
            leftSection={<IconFilter size={16} />}
            onClick={onToggleFilterPanel}
            aria-expanded={isFilterPanelOpen}
            aria-controls="results-filters"
            rightSection={
              filterCount > 0 ? (
                <Badge size="xs" circle>
                  {filterCount}
                </Badge>
              ) : undefined
            }
          >
            Filters
          </Button>
          {isTable && <ColumnChooser visibility={columnVisibility} onChange={onColumnVisibilityChange} />}
        </Group>
        <Group gap="sm">
          {total !== undefined && (
            <Text size="sm" c="dimmed" data-testid="results-total">
              {total.toLocaleString('en-US')} {total === 1 ? 'business' : 'businesses'}
              {search.search || filterCount > 0 ? ' match' : ''}
            </Text>
          )}
          <ExportButton sessionId={sessionId} search={search} isEmpty={total === 0} what="contacts" />
          <ExportButton sessionId={sessionId} search={search} isEmpty={total === 0} />
          {onShare && (
            <Button variant="default" leftSection={<IconShare size={16} />} onClick={onShare}>
              Share
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

function ColumnChooser({
  visibility,
  onChange,
}: {
  visibility: ColumnVisibility;
  onChange: (visibility: ColumnVisibility) => void;
}) {
  return (
    <Popover position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} role="group" aria-label="Columns shown">
          {CHOOSABLE_COLUMNS.map((column) => (
            <Checkbox
              key={column.id}
              label={column.label}
              checked={visibility[column.id]}
              onChange={(event) => onChange({ ...visibility, [column.id]: event.currentTarget.checked })}
              size="xs"
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * Downloads what the search and filters select as CSV — the businesses, or their people (one row each, for a CRM
 * import); a failure shows SPEC §8's text.
 */
function ExportButton({
  sessionId,
  search,
  isEmpty,
  what = 'businesses',
}: {
  sessionId: string;
  search: ResultsSearch;
  isEmpty: boolean;
  what?: 'businesses' | 'contacts';
}) {
  const exporter = useExport(sessionId, what);
  const run = () =>
    exporter.mutate(
      {
        sortBy: search.sortBy,
        sortOrder: search.sortOrder,
        ...(search.search ? { search: search.search } : {}),
        ...(search.filters ? { filters: search.filters } : {}),
        // Closed businesses are left out of exports unless the filters ask for them (Closed businesses: Only):
        // a file is for outreach, and a closed business is no one to write to (issue 15).
      },
      {
        onSuccess: (fileName) =>
          notifications.show({ color: 'green', title: 'Export ready', message: `Saved ${fileName}` }),
      },
    );
  return (
    <Stack gap={2} align="flex-end">
      <Button
        leftSection={what === 'contacts' ? <IconAddressBook size={16} /> : <IconDownload size={16} />}
        variant={what === 'contacts' ? 'default' : 'filled'}
        onClick={run}
        loading={exporter.isPending}
        disabled={isEmpty}
        title={
          what === 'contacts'
            ? 'One row per person named on the websites, with the business beside (HubSpot and Pipedrive column names)'
            : undefined
        }
      >
        {what === 'contacts' ? 'Export contacts' : 'Export CSV'}
      </Button>
      {exporter.error && (
        <Text size="xs" c="red" role="alert" data-testid="export-error">
          {exporter.error.message}
        </Text>
      )}
    </Stack>
  );
}

/** What can be done with the selected rows: enrich them, or let go of the selection. */
export function SelectionBar({
  sessionId,
  selectedIds,
  canRun,
  onClear,
}: {
  sessionId: string;
  selectedIds: string[];
  canRun: boolean;
  onClear: () => void;
}) {
  const navigate = useNavigate();
  const enrich = useEnrichSelected(sessionId);
  const count = selectedIds.length;
  return (
    <Paper withBorder p="xs" bg="var(--mantine-primary-color-light)">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={500} data-testid="selection-count">
          {count.toLocaleString('en-US')} {count === 1 ? 'business' : 'businesses'} selected
        </Text>
        <Group gap="sm">
          {enrich.error && (
            <Text size="sm" c="red" role="alert">
              {enrich.error.message}
            </Text>
          )}
          {canRun && (
            <Button
              size="xs"
              leftSection={<IconBolt size={14} />}
              loading={enrich.isPending}
              onClick={() =>
                enrich.mutate(
                  { businessIds: selectedIds, types: SELECTED_ROWS_ENRICHMENT },
                  {
                    onSuccess: (job) => {
                      onClear();
                      void navigate({
                        to: '/enrichment-processing',
                        search: { session_id: job.session.id },
                      });
                    },
                  },
                )
              }
            >
              Enrich selected
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

import { ActionIcon, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAddressBook, IconCheck, IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useExport } from '../api';
import type { ResultsSearch } from '../search';

type ExportFormat = 'csv' | 'xlsx';
/** Every fact Argo has for each business, or the table's visible columns only. */
type ExportScope = 'all' | 'visible';

const FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel' };

/** "1.2 MB received" while a file arrives (its size is not known before its end). */
function receivedText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB received`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB received`;
}

/**
 * The people of what the search and filters select as a file (one row each, for a CRM import), from a menu item:
 * kept by a component that stays while the file arrives (a menu closes at once); "Export ready" when saved.
 */
export function useContactsExport(sessionId: string, search: ResultsSearch) {
  const exporter = useExport(sessionId, 'contacts');
  const run = () =>
    exporter.mutate(
      {
        sortBy: search.sortBy,
        sortOrder: search.sortOrder,
        ...(search.search ? { search: search.search } : {}),
        ...(search.filters ? { filters: search.filters } : {}),
      },
      {
        onSuccess: (fileName) =>
          notifications.show({ color: 'green', title: 'Export ready', message: `Saved ${fileName}` }),
      },
    );
  return { run, isPending: exporter.isPending, error: exporter.error };
}

/** What the contacts export's button says about it, for a menu item. */
export const CONTACTS_EXPORT_TITLE =
  'One row per person named on the websites, with the business beside (HubSpot and Pipedrive column names)';

/**
 * Downloads what the search and filters select — the businesses, or their people (one row each, for a CRM
 * import). The businesses come as CSV or Excel, with every fact Argo has (the default) or only the table's visible
 * columns, chosen in the menu beside the button. While the file arrives the button waits and says how much came;
 * a failure shows the specification's text.
 */
export function ExportButton({
  sessionId,
  search,
  isEmpty,
  what = 'businesses',
  columns,
}: {
  sessionId: string;
  search: ResultsSearch;
  isEmpty: boolean;
  what?: 'businesses' | 'contacts';
  /** The table's visible columns in their order, for "Only the visible columns" (absent: not offered). */
  columns?: readonly string[] | undefined;
}) {
  const exporter = useExport(sessionId, what);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [scope, setScope] = useState<ExportScope>('all');
  const [received, setReceived] = useState<number | null>(null);
  const isContacts = what === 'contacts';
  // The map shows no columns: its file holds every fact.
  const onlyVisible = !isContacts && scope === 'visible' && columns !== undefined;
  const run = () => {
    setReceived(null);
    exporter.mutate(
      {
        sortBy: search.sortBy,
        sortOrder: search.sortOrder,
        ...(search.search ? { search: search.search } : {}),
        ...(search.filters ? { filters: search.filters } : {}),
        ...(onlyVisible && columns ? { columns } : {}),
        ...(!isContacts && format === 'xlsx' ? { format } : {}),
        onProgress: setReceived,
        // Closed businesses are left out of exports unless the filters ask for them (Closed businesses: Only):
        // a file is for outreach, and a closed business is no one to write to.
      },
      {
        onSuccess: (fileName) =>
          notifications.show({ color: 'green', title: 'Export ready', message: `Saved ${fileName}` }),
        onSettled: () => setReceived(null),
      },
    );
  };
  const label = isContacts ? 'Export contacts' : `Export ${FORMAT_LABELS[format]}`;
  const check = (isOn: boolean) => (isOn ? <IconCheck size={14} /> : <span style={{ width: 14 }} />);
  const button = (
    <Button
      leftSection={isContacts ? <IconAddressBook size={16} /> : <IconDownload size={16} />}
      variant={isContacts ? 'default' : 'filled'}
      onClick={run}
      loading={exporter.isPending}
      disabled={isEmpty}
      title={
        isContacts
          ? CONTACTS_EXPORT_TITLE
          : onlyVisible
            ? "The table's visible columns"
            : 'Every fact Argo has for each business'
      }
    >
      {label}
    </Button>
  );
  return (
    <Stack gap={2} align="flex-end">
      {isContacts ? (
        button
      ) : (
        <Group gap={0} wrap="nowrap">
          {button}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="filled"
                size={36}
                aria-label="Export options"
                disabled={isEmpty || exporter.isPending}
                style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, marginLeft: 1 }}
              >
                <IconChevronDown size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>File</Menu.Label>
              <Menu.Item leftSection={check(format === 'csv')} onClick={() => setFormat('csv')}>
                CSV
              </Menu.Item>
              <Menu.Item leftSection={check(format === 'xlsx')} onClick={() => setFormat('xlsx')}>
                Excel (.xlsx)
              </Menu.Item>
              <Menu.Label>Columns</Menu.Label>
              <Menu.Item leftSection={check(!onlyVisible)} onClick={() => setScope('all')}>
                All facts
              </Menu.Item>
              <Menu.Item
                leftSection={check(onlyVisible)}
                onClick={() => setScope('visible')}
                disabled={columns === undefined}
              >
                Only the visible columns
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      )}
      {exporter.isPending && received !== null && (
        <Text size="xs" c="dimmed" role="status" data-testid="export-progress">
          {receivedText(received)}
        </Text>
      )}
      {exporter.error && (
        <Text size="xs" c="red" role="alert" data-testid="export-error">
          {exporter.error.message}
        </Text>
      )}
    </Stack>
  );
}

import { type AttributeColumn, attributeFilterKey, attributeKeyOf } from '@argo/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Popover,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  IconAddressBook,
  IconArrowBackUp,
  IconChevronDown,
  IconChevronUp,
  IconColumns,
  IconDots,
  IconFilter,
  IconSearch,
  IconShare,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { SearchChange } from '../../../lib/search-params';
import {
  CHOOSABLE_COLUMNS,
  type ColumnId,
  type ColumnVisibility,
  moveColumn,
  withAttributeColumns,
} from '../column-choice';
import type { SaveStatus } from '../saved-view';
import type { ResultsSearch } from '../search';
import { CONTACTS_EXPORT_TITLE, ExportButton, useContactsExport } from './ResultsExport';

const SEARCH_DEBOUNCE_MS = 300;

interface ResultsToolbarProps {
  search: ResultsSearch;
  onSearchChange: SearchChange<ResultsSearch>;
  total: number | undefined;
  sessionId: string;
  isFilterPanelOpen: boolean;
  onToggleFilterPanel: () => void;
  columnVisibility: ColumnVisibility;
  onColumnVisibilityChange: (visibility: ColumnVisibility) => void;
  columnOrder: readonly ColumnId[];
  onColumnOrderChange: (order: ColumnId[]) => void;
  /** The visible columns in their order: the export writes these when asked for only the visible columns. */
  visibleColumns: readonly string[];
  /** The session's imported columns (SessionInfo.attribute_columns): optional columns of the chooser. */
  attributeColumns?: readonly AttributeColumn[] | undefined;
  /** The saved view: its state, and going back to the defaults (absent when there is nothing to reset). */
  viewStatus: SaveStatus;
  onResetView?: (() => void) | undefined;
  /** Opens the share dialog; absent when the user may not share. */
  onShare?: (() => void) | undefined;
  /** The column choice only matters for the table. */
  isTable: boolean;
  /**
   * A phone's toolbar: two rows — the search and the filters, then the count, the export and a menu with the
   * rest (contacts export, share, reset view); no column choice (the cards show their key facts).
   */
  isCompact?: boolean | undefined;
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
  columnOrder,
  onColumnOrderChange,
  visibleColumns,
  attributeColumns = [],
  viewStatus,
  onResetView,
  onShare,
  isTable,
  isCompact = false,
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
  const contacts = useContactsExport(sessionId, search);

  const searchInput = (
    <TextInput
      aria-label="Search businesses"
      placeholder={
        isCompact ? 'Search businesses' : 'Search name, website, software, people, industry, any text'
      }
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        applySearch(event.currentTarget.value);
      }}
      style={isCompact ? { flex: 1, minWidth: 0 } : { flex: 1, minWidth: 220, maxWidth: 420 }}
    />
  );
  const filtersButton = (
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
      style={{ flexShrink: 0 }}
    >
      Filters
    </Button>
  );
  const totalText = total !== undefined && (
    <Text size="sm" c="dimmed" data-testid="results-total">
      {total.toLocaleString('en-US')} {total === 1 ? 'business' : 'businesses'}
      {search.search || filterCount > 0 ? ' match' : ''}
    </Text>
  );
  const exportButton = (
    <ExportButton
      sessionId={sessionId}
      search={search}
      isEmpty={total === 0}
      // The file's own columns are always in the export, after the standard ones: the API appends them.
      // The map shows no columns: there the file holds every fact.
      columns={isTable ? visibleColumns.filter((id) => attributeKeyOf(id) === null) : undefined}
    />
  );

  if (isCompact) {
    return (
      <Stack gap={6} data-testid="results-toolbar">
        <Group gap="xs" wrap="nowrap">
          {searchInput}
          {filtersButton}
        </Group>
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }} mt={8}>
            {totalText}
            <ViewStatus status={viewStatus} />
          </Stack>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            {exportButton}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size={36} aria-label="More actions">
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconAddressBook size={16} />}
                  onClick={contacts.run}
                  disabled={total === 0 || contacts.isPending}
                  title={CONTACTS_EXPORT_TITLE}
                >
                  {contacts.isPending ? 'Exporting contacts…' : 'Export contacts'}
                </Menu.Item>
                {onShare && (
                  <Menu.Item leftSection={<IconShare size={16} />} onClick={onShare}>
                    Share
                  </Menu.Item>
                )}
                <Menu.Item
                  leftSection={<IconArrowBackUp size={16} />}
                  onClick={onResetView}
                  disabled={!onResetView}
                  title="Forget the saved columns, filters and sort of this session"
                >
                  Reset view
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        {contacts.error && (
          <Text size="xs" c="red" role="alert" data-testid="export-error">
            {contacts.error.message}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap={6} data-testid="results-toolbar">
      <Group justify="space-between" gap="sm">
        <Group gap="sm" style={{ flex: 1, minWidth: 260 }}>
          {searchInput}
          {filtersButton}
          {isTable && (
            <ColumnChooser
              visibility={columnVisibility}
              onChange={onColumnVisibilityChange}
              order={columnOrder}
              onOrderChange={onColumnOrderChange}
              attributeColumns={attributeColumns}
            />
          )}
          <Button
            variant="subtle"
            leftSection={<IconArrowBackUp size={16} />}
            onClick={onResetView}
            disabled={!onResetView}
            title="Forget the saved columns, filters and sort of this session"
          >
            Reset view
          </Button>
          <ViewStatus status={viewStatus} />
        </Group>
        <Group gap="sm">
          {totalText}
          <ExportButton sessionId={sessionId} search={search} isEmpty={total === 0} what="contacts" />
          {exportButton}
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

/** "View saved" once a change is stored (the next visit opens the same way). */
function ViewStatus({ status }: { status: SaveStatus }) {
  if (status === 'idle') return null;
  const text = { saving: 'Saving view…', saved: 'View saved', error: 'The view could not be saved' }[status];
  return (
    <Text size="xs" c={status === 'error' ? 'red' : 'dimmed'} data-testid="view-status" role="status">
      {text}
    </Text>
  );
}

/** Which columns show, and in which order (the shown ones move up and down; the name always comes first). */
function ColumnChooser({
  visibility,
  onChange,
  order: ownOrder,
  onOrderChange,
  attributeColumns,
}: {
  visibility: ColumnVisibility;
  onChange: (visibility: ColumnVisibility) => void;
  order: readonly ColumnId[];
  onOrderChange: (order: ColumnId[]) => void;
  attributeColumns: readonly AttributeColumn[];
}) {
  const labels: Record<string, string> = Object.fromEntries([
    ...CHOOSABLE_COLUMNS.map((column) => [column.id, column.label]),
    ...attributeColumns.map((column) => [attributeFilterKey(column.key), column.label || column.key]),
  ]);
  // The imported file's columns follow the table's own until the user moves them.
  const order = withAttributeColumns(ownOrder, attributeColumns);
  const visible = order.filter((id) => visibility[id]);
  return (
    <Popover position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} role="group" aria-label="Columns shown">
          {order.map((id) => {
            const position = visible.indexOf(id);
            return (
              <Group key={id} gap={4} justify="space-between" wrap="nowrap">
                <Checkbox
                  label={labels[id]}
                  checked={visibility[id] ?? false}
                  onChange={(event) => {
                    onChange({ ...visibility, [id]: event.currentTarget.checked });
                    // An imported column takes its place in the order once shown (the saved view keeps it).
                    if (!ownOrder.includes(id)) onOrderChange(order);
                  }}
                  size="xs"
                />
                {visibility[id] && (
                  <Group gap={0} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={`Move ${labels[id]} left`}
                      disabled={position <= 0}
                      onClick={() => onOrderChange(moveColumn(order, visibility, id, -1))}
                    >
                      <IconChevronUp size={14} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={`Move ${labels[id]} right`}
                      disabled={position === visible.length - 1}
                      onClick={() => onOrderChange(moveColumn(order, visibility, id, 1))}
                    >
                      <IconChevronDown size={14} />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

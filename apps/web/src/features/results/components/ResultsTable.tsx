import type { AttributeColumn, Business, SortField } from '@argo/contract';
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type ReactNode, useMemo, useRef } from 'react';
import { attributeColumnId } from '../attributes';
import type { ColumnVisibility } from '../column-choice';
import { attributeColumnsFor } from './attribute-columns';
import { columns, features, type ResultsColumnMeta } from './columns';
import { useScrollAnchor } from './scroll-anchor';

const NO_ATTRIBUTE_COLUMNS: readonly AttributeColumn[] = [];

/** Pages up to this size render every row; bigger ones only the rows in view (pages of up to 5,000 rows). */
export const VIRTUALISE_ABOVE = 100;
const ROW_HEIGHT_ESTIMATE = 41;
const OVERSCAN_ROWS = 12;

export interface ResultsSort {
  sortBy: SortField;
  sortOrder: 'asc' | 'desc';
}

interface ResultsTableProps {
  businesses: Business[];
  sort: ResultsSort;
  onSortChange: (sort: ResultsSort) => void;
  columnVisibility: ColumnVisibility;
  /** Selected business ids (kept across pages). */
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  onOpenBusiness: (id: string) => void;
  /** The business whose details are open, highlighted. */
  openBusinessId?: string | undefined;
  /** The choosable columns in the user's order (the selection box and the name stay first). */
  columnOrder?: readonly string[] | undefined;
  /** The session's imported columns: optional columns, hidden unless the visibility shows them. */
  attributeColumns?: readonly AttributeColumn[] | undefined;
  /**
   * What the rows are (sort, filters, search): when it changes, the row the user was looking at stays in view if
   * the new rows hold it, else the table starts at the top.
   */
  viewKey?: string | undefined;
  /** The rows shown are the previous query's while the new ones load. */
  isPlaceholder?: boolean | undefined;
}

/** A cell's layout from its column: on one line (isNarrow), or never narrower than its minWidth. */
function cellStyle(meta: ResultsColumnMeta | undefined): CSSProperties | undefined {
  if (!meta?.isNarrow && meta?.minWidth === undefined) return undefined;
  return {
    ...(meta.isNarrow ? { whiteSpace: 'nowrap' } : {}),
    ...(meta.minWidth !== undefined ? { minWidth: meta.minWidth } : {}),
  };
}

/** One page of businesses; the server sorts (a header click changes sortBy/sortOrder in the address). */
export function ResultsTable({
  businesses,
  sort,
  onSortChange,
  columnVisibility,
  selection,
  onSelectionChange,
  onOpenBusiness,
  openBusinessId,
  columnOrder,
  attributeColumns = NO_ATTRIBUTE_COLUMNS,
  viewKey = '',
  isPlaceholder = false,
}: ResultsTableProps) {
  const orderedColumns = useMemo(() => {
    const all = [...columns, ...attributeColumnsFor(attributeColumns)] as typeof columns;
    if (!columnOrder) return all;
    // An accessor column is named by its key, a display column by its id.
    const rank = (column: (typeof all)[number] | undefined) => {
      const named = column as { id?: string; accessorKey?: string } | undefined;
      const at = columnOrder.indexOf(named?.id ?? named?.accessorKey ?? '');
      return at < 0 ? Number.MAX_SAFE_INTEGER : at;
    };
    const [select, name, ...rest] = all;
    return [select, name, ...[...rest].sort((a, b) => rank(a) - rank(b))] as typeof columns;
  }, [columnOrder, attributeColumns]);
  // An imported column shows only when chosen (TanStack shows a column the visibility does not name).
  const visibility = useMemo(
    () => ({
      ...Object.fromEntries(attributeColumns.map((column) => [attributeColumnId(column), false])),
      ...columnVisibility,
    }),
    [attributeColumns, columnVisibility],
  );
  const table = useTable({
    features,
    columns: orderedColumns,
    data: businesses,
    getRowId: (row) => row.id,
    state: { columnVisibility: visibility, rowSelection: selection },
    onRowSelectionChange: (updater) =>
      onSelectionChange(typeof updater === 'function' ? updater(selection) : updater),
    enableRowSelection: true,
    meta: { onOpenBusiness },
  });

  const toggle = (field: SortField, firstOrder: 'asc' | 'desc') => {
    if (sort.sortBy === field)
      onSortChange({ sortBy: field, sortOrder: sort.sortOrder === 'asc' ? 'desc' : 'asc' });
    else onSortChange({ sortBy: field, sortOrder: firstOrder });
  };

  const rows = table.getRowModel().rows;
  const isVirtual = rows.length > VIRTUALISE_ABOVE;
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: isVirtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    // Measured heights follow the rows, not their positions, when a sort moves them.
    getItemKey: (index) => rows[index]?.id ?? index,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    overscan: OVERSCAN_ROWS,
  });
  const visibleColumnCount = table.getVisibleLeafColumns().length;
  const tableRef = useRef<HTMLTableElement>(null);
  const rowIds = useMemo(() => businesses.map((business) => business.id), [businesses]);
  useScrollAnchor({
    viewKey,
    isPlaceholder,
    rowIds,
    tableRef,
    scrollRef: isVirtual ? scrollRef : null,
    offsetOfIndex: (index) => virtualizer.measurementsCache[index]?.start ?? index * ROW_HEIGHT_ESTIMATE,
  });

  const renderRow = (row: (typeof rows)[number], style?: CSSProperties, index?: number) => (
    <Table.Tr
      key={row.id}
      data-testid="business-row"
      data-row-id={row.id}
      data-index={index}
      ref={isVirtual ? virtualizer.measureElement : undefined}
      aria-selected={row.getIsSelected()}
      bg={
        row.id === openBusinessId
          ? 'var(--mantine-primary-color-light)'
          : row.getIsSelected()
            ? 'var(--mantine-color-default-hover)'
            : undefined
      }
      style={style}
    >
      {row.getVisibleCells().map((cell) => (
        <Table.Td key={cell.id} data-column={cell.column.id} style={cellStyle(cell.column.columnDef.meta)}>
          <table.FlexRender cell={cell} />
        </Table.Td>
      ))}
    </Table.Tr>
  );

  let body: ReactNode;
  if (isVirtual) {
    const items = virtualizer.getVirtualItems();
    const top = items[0]?.start ?? 0;
    const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
    body = (
      <>
        {top > 0 && (
          <tr aria-hidden>
            <td colSpan={visibleColumnCount} style={{ height: top, padding: 0, border: 0 }} />
          </tr>
        )}
        {items.map((item) => {
          const row = rows[item.index];
          return row ? renderRow(row, undefined, item.index) : null;
        })}
        {bottom > 0 && (
          <tr aria-hidden>
            <td colSpan={visibleColumnCount} style={{ height: bottom, padding: 0, border: 0 }} />
          </tr>
        )}
      </>
    );
  } else {
    body = rows.map((row) => renderRow(row));
  }

  const tableElement = (
    <Table
      ref={tableRef}
      verticalSpacing="xs"
      // Eleven default columns share a laptop's width (1366 px less the navigation): a little less room between them.
      horizontalSpacing={7}
      highlightOnHover
      aria-label="Businesses"
      aria-rowcount={isVirtual ? rows.length + 1 : undefined}
      stickyHeader={isVirtual}
    >
      <Table.Thead>
        {table.getHeaderGroups().map((group) => (
          <Table.Tr key={group.id}>
            {group.headers.map((header) => {
              const meta = header.column.columnDef.meta;
              const field = meta?.sortField;
              const label = <table.FlexRender header={header} />;
              const whiteSpace = meta?.wrapsHeader ? 'normal' : 'nowrap';
              if (!field)
                return (
                  <Table.Th key={header.id} style={{ whiteSpace }}>
                    {label}
                  </Table.Th>
                );
              const isSorted = sort.sortBy === field;
              const Icon = !isSorted
                ? IconArrowsSort
                : sort.sortOrder === 'asc'
                  ? IconArrowUp
                  : IconArrowDown;
              return (
                <Table.Th
                  key={header.id}
                  style={{ whiteSpace }}
                  aria-sort={isSorted ? (sort.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <UnstyledButton
                    onClick={() => toggle(field, meta?.firstOrder ?? 'asc')}
                    fw={700}
                    fz="sm"
                    aria-label={`Sort by ${meta?.label ?? header.column.id}`}
                  >
                    <Group gap={4} wrap="nowrap">
                      {label}
                      <Icon size={14} opacity={isSorted ? 1 : 0.4} aria-hidden />
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Thead>
      <Table.Tbody>{body}</Table.Tbody>
    </Table>
  );

  if (isVirtual) {
    return (
      <section
        ref={scrollRef}
        data-testid="results-scroll"
        aria-label="Businesses, scroll for more"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        style={{ maxHeight: '70vh', overflow: 'auto', contain: 'strict', height: '70vh' }}
      >
        {tableElement}
      </section>
    );
  }
  return <Table.ScrollContainer minWidth={960}>{tableElement}</Table.ScrollContainer>;
}

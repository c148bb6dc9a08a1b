import type { Business, SortField } from '@argo/contract';
import { Anchor, Badge, Group, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { createColumnHelper, metaHelper, tableFeatures, useTable } from '@tanstack/react-table';
import dayjs from 'dayjs';

export const SOURCE_LABELS: Record<string, string> = {
  osm: 'OpenStreetMap',
  google_places: 'Google Places',
  competitor: 'Competitor site',
  import: 'CSV',
};

interface ResultsColumnMeta {
  /** The API's sort field behind the column; no sorting without one. */
  sortField?: SortField;
  /** Which way a first click sorts. */
  firstOrder?: 'asc' | 'desc';
}

const features = tableFeatures({ columnMeta: metaHelper<ResultsColumnMeta>() });
const helper = createColumnHelper<typeof features, Business>();

const dash = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

/** The host of a website, for a short link text. */
function hostOf(business: Business): string {
  if (business.domain) return business.domain;
  try {
    return new URL(business.website ?? '').hostname.replace(/^www\./, '');
  } catch {
    return business.website ?? '';
  }
}

/** Distinct sources of a business (merged duplicates keep each one). */
function sourcesOf(business: Business): string[] {
  const names = business.sources.map((source) => source.source);
  return [...new Set(names.length > 0 ? names : [business.source])];
}

const columns = helper.columns([
  helper.accessor('name', {
    header: 'Name',
    meta: { sortField: 'name', firstOrder: 'asc' },
    cell: (info) => (
      <Text fw={500} size="sm">
        {info.getValue()}
      </Text>
    ),
  }),
  helper.accessor('website', {
    header: 'Website',
    meta: { sortField: 'domain', firstOrder: 'asc' },
    cell: (info) => {
      const website = info.getValue();
      if (!website) return dash;
      return (
        <Anchor href={website} target="_blank" rel="noreferrer noopener" size="sm">
          {hostOf(info.row.original)}
        </Anchor>
      );
    },
  }),
  helper.accessor('phone', {
    header: 'Phone',
    cell: (info) => {
      const phone = info.getValue();
      return phone ? (
        <Anchor href={`tel:${phone}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {phone}
        </Anchor>
      ) : (
        dash
      );
    },
  }),
  helper.accessor('city', {
    header: 'City',
    meta: { sortField: 'city', firstOrder: 'asc' },
    cell: (info) => {
      const { city, region } = info.row.original;
      if (!city) return dash;
      return <Text size="sm">{region ? `${city}, ${region}` : city}</Text>;
    },
  }),
  helper.accessor('category', {
    header: 'Category',
    meta: { sortField: 'category', firstOrder: 'asc' },
    cell: (info) => (info.getValue() ? <Text size="sm">{info.getValue()}</Text> : dash),
  }),
  helper.display({
    id: 'sources',
    header: 'Sources',
    meta: { sortField: 'source', firstOrder: 'asc' },
    cell: (info) => (
      <Group gap={4} wrap="wrap">
        {sourcesOf(info.row.original).map((source) => (
          <Badge key={source} variant="light" color={source === 'osm' ? 'green' : 'gray'} size="sm">
            {SOURCE_LABELS[source] ?? source}
          </Badge>
        ))}
        {info.row.original.sources.length > 1 && (
          <Tooltip label={`Merged from ${info.row.original.sources.length} records`}>
            <Text span size="xs" c="dimmed">
              ×{info.row.original.sources.length}
            </Text>
          </Tooltip>
        )}
      </Group>
    ),
  }),
  helper.accessor('first_seen_at', {
    header: 'First seen',
    meta: { sortField: 'first_seen_at', firstOrder: 'desc' },
    cell: (info) => (
      <Text size="sm" title={info.getValue()} style={{ whiteSpace: 'nowrap' }}>
        {dayjs(info.getValue()).format('D MMM YYYY')}
      </Text>
    ),
  }),
]);

export interface ResultsSort {
  sortBy: SortField;
  sortOrder: 'asc' | 'desc';
}

interface ResultsTableProps {
  businesses: Business[];
  sort: ResultsSort;
  onSortChange: (sort: ResultsSort) => void;
}

/** One page of businesses; the server sorts (a header click changes sortBy/sortOrder in the address). */
export function ResultsTable({ businesses, sort, onSortChange }: ResultsTableProps) {
  const table = useTable({ features, columns, data: businesses, getRowId: (row) => row.id });

  const toggle = (field: SortField, firstOrder: 'asc' | 'desc') => {
    if (sort.sortBy === field)
      onSortChange({ sortBy: field, sortOrder: sort.sortOrder === 'asc' ? 'desc' : 'asc' });
    else onSortChange({ sortBy: field, sortOrder: firstOrder });
  };

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Businesses">
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                const field = meta?.sortField;
                const label = <table.FlexRender header={header} />;
                if (!field) return <Table.Th key={header.id}>{label}</Table.Th>;
                const isSorted = sort.sortBy === field;
                const Icon = !isSorted
                  ? IconArrowsSort
                  : sort.sortOrder === 'asc'
                    ? IconArrowUp
                    : IconArrowDown;
                return (
                  <Table.Th
                    key={header.id}
                    aria-sort={isSorted ? (sort.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <UnstyledButton
                      onClick={() => toggle(field, meta?.firstOrder ?? 'asc')}
                      fw={700}
                      fz="sm"
                      aria-label={`Sort by ${String(header.column.columnDef.header)}`}
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
        <Table.Tbody>
          {table.getRowModel().rows.map((row) => (
            <Table.Tr key={row.id} data-testid="business-row">
              {row.getAllCells().map((cell) => (
                <Table.Td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

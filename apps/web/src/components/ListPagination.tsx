import { Group, Pagination, Select, Text } from '@mantine/core';

const number = (n: number) => n.toLocaleString('en-US');

interface ListPaginationProps {
  total: number;
  /** 0-based, like the API. */
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** The page-size menu's accessible name, e.g. "Sessions per page". */
  pageSizeLabel: string;
  /** Said after the count ("1–10 of 45 sessions"): singular and plural; left out, the count stands alone. */
  noun?: readonly [one: string, many: string];
  /** The count's test id. */
  countTestId?: string;
}

/** The footer of a paged list: "first–last of total", the page size and the page buttons (from 2 pages on). */
export function ListPagination({
  total,
  page,
  pageSize,
  pageSizes,
  onPageChange,
  onPageSizeChange,
  pageSizeLabel,
  noun,
  countTestId,
}: ListPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = Math.min(total, page * pageSize + 1);
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" data-testid={countTestId}>
        {number(first)}–{number(last)} of {number(total)}
        {noun ? ` ${total === 1 ? noun[0] : noun[1]}` : ''}
      </Text>
      <Group gap="sm">
        <Select
          aria-label={pageSizeLabel}
          data={pageSizes.map((size) => ({ value: String(size), label: `${number(size)} per page` }))}
          value={String(pageSize)}
          onChange={(value) => value && onPageSizeChange(Number(value))}
          allowDeselect={false}
          w={150}
          size="xs"
        />
        {pages > 1 && (
          <Pagination
            total={pages}
            value={Math.min(page, pages - 1) + 1}
            onChange={(value) => onPageChange(value - 1)}
            size="sm"
            getControlProps={(control) => ({
              'aria-label': {
                first: 'First page',
                previous: 'Previous page',
                next: 'Next page',
                last: 'Last page',
              }[control],
            })}
          />
        )}
      </Group>
    </Group>
  );
}

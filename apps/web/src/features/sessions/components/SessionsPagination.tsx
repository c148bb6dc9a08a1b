import { Group, Pagination, Select, Text } from '@mantine/core';

interface SessionsPaginationProps {
  total: number;
  /** 0-based, like the API. */
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

export function SessionsPagination({
  total,
  page,
  pageSize,
  pageSizes,
  onPageChange,
  onPageSizeChange,
}: SessionsPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = Math.min(total, page * pageSize + 1);
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" data-testid="sessions-total">
        {first}–{last} of {total} {total === 1 ? 'session' : 'sessions'}
      </Text>
      <Group gap="sm">
        <Select
          aria-label="Sessions per page"
          data={pageSizes.map((size) => ({ value: String(size), label: `${size} per page` }))}
          value={String(pageSize)}
          onChange={(value) => value && onPageSizeChange(Number(value))}
          allowDeselect={false}
          w={140}
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

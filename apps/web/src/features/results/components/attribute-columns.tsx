import type { AttributeColumn, Business } from '@argo/contract';
import { Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { attributeColumnId, formatAttribute } from '../attributes';
import type { features } from './columns';

const helper = createColumnHelper<typeof features, Business>();

/**
 * The table columns of the imported file's own columns, one per attribute column in file order, with the id
 * `attr.<key>` (the column chooser shows and hides them like the others). No sorting: the results call sorts by
 * the business fields only.
 */
export function attributeColumnsFor(columns: readonly AttributeColumn[]) {
  return columns.map((column) =>
    helper.display({
      id: attributeColumnId(column),
      header: column.label || column.key,
      meta: { label: column.label, isNarrow: column.type !== 'text' },
      cell: (info) => {
        const text = formatAttribute(column, info.row.original.attributes?.[column.key]);
        if (text === null) {
          return (
            <Text span c="dimmed" size="sm">
              —
            </Text>
          );
        }
        return (
          <Text size="sm" lineClamp={2} title={text} ta={column.type === 'number' ? 'right' : undefined}>
            {text}
          </Text>
        );
      },
    }),
  );
}

import {
  type AttributeColumn,
  type AttributeFilterKey,
  attributeFilterKey,
  attributeKeyOf,
} from '@argo/contract';
import { useCallback, useState } from 'react';

/** The columns a user may show or hide, in table order (the name and the selection box always show). */
export const CHOOSABLE_COLUMNS = [
  { id: 'website', label: 'Website', isDefault: true },
  { id: 'phone', label: 'Phone', isDefault: true },
  { id: 'email', label: 'Email', isDefault: false },
  { id: 'address', label: 'Address', isDefault: false },
  { id: 'city', label: 'City', isDefault: true },
  { id: 'category', label: 'Category', isDefault: true },
  { id: 'industry', label: 'Industry', isDefault: false },
  { id: 'icp', label: 'ICP', isDefault: true },
  { id: 'software', label: 'Software', isDefault: false },
  { id: 'hiring', label: 'Hiring', isDefault: false },
  { id: 'decision_maker', label: 'Decision-maker', isDefault: true },
  { id: 'enrichment_state', label: 'Enrichment', isDefault: true },
  { id: 'rating', label: 'Rating', isDefault: false },
  { id: 'sources', label: 'Sources', isDefault: true },
  { id: 'first_seen_at', label: 'First seen', isDefault: true },
] as const;
export type ChoosableColumn = (typeof CHOOSABLE_COLUMNS)[number]['id'];

/**
 * A column of the table: one of its own, or a column of the imported file (`attr.<key>`), which
 * comes and goes with the session and is hidden until chosen.
 */
export type ColumnId = ChoosableColumn | AttributeFilterKey;

export type ColumnVisibility = Record<ChoosableColumn, boolean> &
  Partial<Record<AttributeFilterKey, boolean>>;

export const DEFAULT_COLUMN_VISIBILITY = Object.fromEntries(
  CHOOSABLE_COLUMNS.map((column) => [column.id, column.isDefault]),
) as ColumnVisibility;

/** Per user, so people sharing a browser keep their own choice. */
export const columnChoiceKey = (userId: string) => `argo.results.columns.${userId}`;

/** The stored choice over the defaults; unknown or broken entries are ignored (columns come and go). */
function readColumnChoice(userId: string): ColumnVisibility {
  try {
    const stored = JSON.parse(window.localStorage.getItem(columnChoiceKey(userId)) ?? '{}') as unknown;
    if (!stored || typeof stored !== 'object') return DEFAULT_COLUMN_VISIBILITY;
    const choice = { ...DEFAULT_COLUMN_VISIBILITY };
    for (const column of CHOOSABLE_COLUMNS) {
      const value = (stored as Record<string, unknown>)[column.id];
      if (typeof value === 'boolean') choice[column.id] = value;
    }
    return choice;
  } catch {
    return DEFAULT_COLUMN_VISIBILITY;
  }
}

function writeColumnChoice(userId: string, choice: ColumnVisibility): void {
  try {
    window.localStorage.setItem(columnChoiceKey(userId), JSON.stringify(choice));
  } catch {
    // Storage full or blocked (private mode): the choice lasts for this visit only.
  }
}

/** The user's column choice, kept in localStorage. */
export function useColumnChoice(userId: string) {
  const [choice, setChoice] = useState(() => readColumnChoice(userId));
  const update = useCallback(
    (next: ColumnVisibility) => {
      setChoice(next);
      writeColumnChoice(userId, next);
    },
    [userId],
  );
  return [choice, update] as const;
}

/** The choosable columns in their default order. */
export const DEFAULT_COLUMN_ORDER: ChoosableColumn[] = CHOOSABLE_COLUMNS.map((column) => column.id);

const isChoosable = (id: string): id is ChoosableColumn =>
  CHOOSABLE_COLUMNS.some((column) => column.id === id);

const isColumnId = (id: string): id is ColumnId => isChoosable(id) || attributeKeyOf(id) !== null;

/** The order with the session's imported columns after the table's own (those not placed by the user yet). */
export function withAttributeColumns(
  order: readonly ColumnId[],
  columns: readonly AttributeColumn[],
): ColumnId[] {
  const known = new Set(columns.map((column) => attributeFilterKey(column.key)));
  // Imported columns of another session (a view saved there) are left out.
  const kept = order.filter((id) => attributeKeyOf(id) === null || known.has(id as AttributeFilterKey));
  return [...kept, ...[...known].filter((id) => !kept.includes(id))];
}

/** The table's columns as a view stores them: name first, then the visible ones in the user's order. */
export function viewColumnsOf(visibility: ColumnVisibility, order: readonly ColumnId[]): string[] {
  return ['name', ...order.filter((id) => visibility[id])];
}

/**
 * A stored view's columns as visibility and order: listed ones show, in their order, the others are hidden and
 * follow in the default order. Ids the table does not know (a column since retired) are skipped.
 */
export function columnsFromView(columns: readonly string[]): {
  visibility: ColumnVisibility;
  order: ColumnId[];
} {
  const listed = columns.filter(isColumnId);
  const visibility = Object.fromEntries([
    ...CHOOSABLE_COLUMNS.map((column) => [column.id, listed.includes(column.id)]),
    ...listed.filter((id) => attributeKeyOf(id) !== null).map((id) => [id, true]),
  ]) as ColumnVisibility;
  const order = [...listed, ...DEFAULT_COLUMN_ORDER.filter((id) => !listed.includes(id))];
  return { visibility, order };
}

/** A column moved one place up (-1) or down (+1) among the visible ones; the hidden ones keep their places. */
export function moveColumn(
  order: readonly ColumnId[],
  visibility: ColumnVisibility,
  id: ColumnId,
  step: -1 | 1,
): ColumnId[] {
  const visible = order.filter((column) => visibility[column]);
  const from = visible.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= visible.length) return [...order];
  const swapped = [...visible];
  [swapped[from], swapped[to]] = [swapped[to] as ColumnId, swapped[from] as ColumnId];
  let next = 0;
  return order.map((column) => (visibility[column] ? (swapped[next++] as ColumnId) : column));
}

import { useCallback, useState } from 'react';

/** The columns a user may show or hide, in table order (the name and the selection box always show). */
export const CHOOSABLE_COLUMNS = [
  { id: 'website', label: 'Website', isDefault: true },
  { id: 'phone', label: 'Phone', isDefault: true },
  { id: 'email', label: 'Email', isDefault: false },
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

export type ColumnVisibility = Record<ChoosableColumn, boolean>;

export const DEFAULT_COLUMN_VISIBILITY = Object.fromEntries(
  CHOOSABLE_COLUMNS.map((column) => [column.id, column.isDefault]),
) as ColumnVisibility;

/** Per user, so people sharing a browser keep their own choice. */
export const columnChoiceKey = (userId: string) => `argo.results.columns.${userId}`;

/** The stored choice over the defaults; unknown or broken entries are ignored (columns come and go). */
export function readColumnChoice(userId: string): ColumnVisibility {
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

export function writeColumnChoice(userId: string, choice: ColumnVisibility): void {
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

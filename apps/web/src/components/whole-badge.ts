import type { CSSProperties } from 'react';

/**
 * For a badge in a table cell: never narrower than its text. A browser sizes an auto-layout table's crowded columns
 * down to their content's minimum, and a Mantine badge's minimum is nearly nothing (its label ellipsises), so
 * "COMPLETED" showed as "COMPLET…" and a tier letter as a bare dot.
 */
export const WHOLE_BADGE: CSSProperties = { flexShrink: 0, minWidth: 'max-content' };

import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

/** A row the user is looking at, and how far below the top of the view its top edge is. */
interface Anchor {
  id: string;
  offset: number;
}

interface ScrollAnchorOptions {
  /** Sort, filters and search: a change means new rows whose order may differ. */
  viewKey: string;
  /** The rows shown are still the previous query's. */
  isPlaceholder: boolean;
  /** The ids of the rows, in order (a new array when the rows change). */
  rowIds: readonly string[];
  tableRef: RefObject<HTMLTableElement | null>;
  /** The table's own scrolling box (a virtualised page), or null when the window scrolls. */
  scrollRef: RefObject<HTMLElement | null> | null;
  /** Where a row starts inside a virtualised body (before the header is added). */
  offsetOfIndex: (index: number) => number;
}

/** The top of the area rows are seen in: under the table's sticky header, or the window's top. */
function viewTop(scrollBox: HTMLElement | null, table: HTMLTableElement): number {
  if (!scrollBox) return 0;
  return scrollBox.getBoundingClientRect().top + (table.tHead?.offsetHeight ?? 0);
}

/**
 * The first row seen whole at the top of the view (a sliver of the one above is not what the user reads); null
 * while the table is at its start.
 */
function findAnchor(scrollBox: HTMLElement | null, table: HTMLTableElement): Anchor | null {
  if (scrollBox ? scrollBox.scrollTop <= 0 : table.getBoundingClientRect().top >= 0) return null;
  const top = viewTop(scrollBox, table);
  for (const row of table.querySelectorAll<HTMLElement>('tr[data-row-id]')) {
    const box = row.getBoundingClientRect();
    if (box.top >= top - 1 && row.dataset.rowId) return { id: row.dataset.rowId, offset: box.top - top };
  }
  return null;
}

/**
 * The virtualised body places rows by estimated heights until it has drawn and measured them: once they are
 * drawn, the scroll is corrected by what the anchored row is really off (a frame later, then once more).
 */
function settle(box: HTMLElement, table: HTMLTableElement, wanted: Anchor, framesLeft = 2) {
  requestAnimationFrame(() => {
    const row = table.querySelector<HTMLElement>(`tr[data-row-id="${wanted.id}"]`);
    if (!row) return;
    const off = row.getBoundingClientRect().top - viewTop(box, table) - wanted.offset;
    if (Math.abs(off) >= 1) box.scrollTop += off;
    if (framesLeft > 1) settle(box, table, wanted, framesLeft - 1);
  });
}

/**
 * Sorting or filtering a long table keeps the user's place: the row at the top of the view before
 * the change stays at the same height after it, when the new rows still hold it; otherwise the table starts at its
 * top. While the user scrolls, the row at the top is noted; when the view changes that note is kept until the new
 * rows (not the placeholder of the old ones) are drawn, then the scroll is set before the browser paints.
 */
export function useScrollAnchor({
  viewKey,
  isPlaceholder,
  rowIds,
  tableRef,
  scrollRef,
  offsetOfIndex,
}: ScrollAnchorOptions) {
  const anchor = useRef<Anchor | null>(null);
  const pending = useRef<{ anchor: Anchor | null } | null>(null);
  const shownKey = useRef(viewKey);
  // Read when a scroll happens, not when the hook renders: the table's box is mounted after the render that
  // first asks for it, and a listener bound to that render's (missing) box would note nothing.
  const scrollBoxRef = useRef(scrollRef);
  scrollBoxRef.current = scrollRef;

  // Notes the row at the top of the view as the user scrolls (once a frame at most). Scroll events do not bubble:
  // one listener in the capture phase hears the window and the table's own box alike.
  useEffect(() => {
    let frame = 0;
    const note = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (pending.current || !tableRef.current) return;
        anchor.current = findAnchor(scrollBoxRef.current?.current ?? null, tableRef.current);
      });
    };
    note();
    document.addEventListener('scroll', note, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('scroll', note, { capture: true });
    };
  }, [tableRef]);

  // The view changed: keep the note made before the change for the new rows.
  useLayoutEffect(() => {
    if (shownKey.current === viewKey) return;
    shownKey.current = viewKey;
    pending.current = { anchor: anchor.current };
  }, [viewKey]);

  // The new rows are drawn: put the noted row back where it was, or go to the top.
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!pending.current || isPlaceholder || !table) return;
    const wanted = pending.current.anchor;
    pending.current = null;
    const index = wanted ? rowIds.indexOf(wanted.id) : -1;
    const box = scrollRef?.current ?? null;
    if (box) {
      // A row's top sits at its start in the body minus the scroll, counted from under the sticky header.
      box.scrollTop = wanted && index >= 0 ? offsetOfIndex(index) - wanted.offset : 0;
      anchor.current = wanted && index >= 0 ? wanted : null;
      if (wanted && index >= 0) settle(box, table, wanted);
      return;
    }
    const row =
      wanted && index >= 0 ? table.querySelector<HTMLElement>(`tr[data-row-id="${wanted.id}"]`) : null;
    if (row && wanted) {
      window.scrollBy(0, row.getBoundingClientRect().top - wanted.offset);
      anchor.current = wanted;
    } else if (table.getBoundingClientRect().top < 0) {
      table.scrollIntoView({ block: 'start' });
      anchor.current = null;
    }
  });
}

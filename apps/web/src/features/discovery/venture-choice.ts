/** The venture picked on the start screen, remembered in this browser for the next discovery. */
export const VENTURE_CHOICE_KEY = 'argo-discovery-venture';
/** What is stored for an explicit "No venture" (nothing stored means nothing was picked yet). */
const NO_VENTURE = 'none';

/**
 * The remembered choice: a venture id, null for an explicit "No venture", undefined when nothing was picked in this
 * browser yet (the start screen then picks the only venture a person has).
 */
export function readVentureChoice(): string | null | undefined {
  try {
    const stored = window.localStorage.getItem(VENTURE_CHOICE_KEY);
    if (!stored) return undefined;
    return stored === NO_VENTURE ? null : stored;
  } catch {
    return undefined;
  }
}

/** Remembers a venture id or "No venture" (null); undefined forgets the choice. */
export function saveVentureChoice(ventureId: string | null | undefined): void {
  try {
    if (ventureId === undefined) window.localStorage.removeItem(VENTURE_CHOICE_KEY);
    else window.localStorage.setItem(VENTURE_CHOICE_KEY, ventureId ?? NO_VENTURE);
  } catch {
    // Storage can be full or disabled; the choice then lasts as long as the page.
  }
}

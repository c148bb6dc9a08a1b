/** The venture picked on the start screen, remembered in this browser for the next discovery. */
export const VENTURE_CHOICE_KEY = 'argo-discovery-venture';

/** The remembered venture id, or null ("No venture", or nothing remembered). */
export function readVentureChoice(): string | null {
  try {
    return window.localStorage.getItem(VENTURE_CHOICE_KEY) || null;
  } catch {
    return null;
  }
}

export function saveVentureChoice(ventureId: string | null): void {
  try {
    if (ventureId) window.localStorage.setItem(VENTURE_CHOICE_KEY, ventureId);
    else window.localStorage.removeItem(VENTURE_CHOICE_KEY);
  } catch {
    // Storage can be full or disabled; the choice then lasts as long as the page.
  }
}

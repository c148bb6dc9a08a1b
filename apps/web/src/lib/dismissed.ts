import { useCallback, useState } from 'react';

/**
 * Whether the user put something away (a notice they have read), remembered in this browser under `key`; the key
 * names the user and what was dismissed, so another user of the browser, or another session, still sees it.
 * Storage full or blocked (private mode): the choice lasts for this visit only.
 */
export function useDismissed(key: string) {
  const [dismissed, setDismissedState] = useState(() => readDismissed(key));
  const [keyShown, setKeyShown] = useState(key);
  // Another key (another session or user on the same screen): read its own choice.
  if (keyShown !== key) {
    setKeyShown(key);
    setDismissedState(readDismissed(key));
  }
  const setDismissed = useCallback(
    (next: boolean) => {
      setDismissedState(next);
      try {
        if (next) window.localStorage.setItem(key, new Date().toISOString());
        else window.localStorage.removeItem(key);
      } catch {
        // Not stored: see above.
      }
    },
    [key],
  );
  return [dismissed, setDismissed] as const;
}

function readDismissed(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

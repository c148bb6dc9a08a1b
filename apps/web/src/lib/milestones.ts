/**
 * Steps of the getting-started checklist that the API keeps no record of, remembered in this browser.
 * Only "exported a CSV" today: an export is a download, nothing is stored on the server.
 */
const EXPORTED_KEY = 'argo.milestones.exported';

export function markExported(): void {
  try {
    window.localStorage.setItem(EXPORTED_KEY, new Date().toISOString());
  } catch {
    // Storage may be full or disabled; the checklist then simply keeps the step open.
  }
}

export function hasExported(): boolean {
  try {
    return window.localStorage.getItem(EXPORTED_KEY) !== null;
  } catch {
    return false;
  }
}

import { VERSION_KEY } from '../config/constants';

export interface VersionCheckDeps {
  fetch?: typeof fetch;
  storage?: Storage;
  reload?: () => void;
  timeoutMs?: number;
}

export type VersionCheckResult = 'stored' | 'same' | 'reloading' | 'skipped';

/** A build id is one short line; anything else (the SPA's index.html fallback, an error page) is ignored. */
function readBuildId(text: string): string | null {
  const id = text.trim();
  if (!id || id.length > 100 || /[\s<>]/.test(id)) return null;
  return id;
}

/**
 * Compares the deployed build (/version.txt) with the stored one before each route load.
 * The first run of a page load only stores it: the page has just loaded index.html (served uncached), so its
 * code is already the deployed one. Later runs store a different version and reload the page, so the tab picks
 * up the new build before it asks for code chunks that no longer exist.
 * Never throws: a failed or missing version.txt (the dev server has none) leaves navigation alone.
 */
export function createVersionCheck(deps: VersionCheckDeps = {}): () => Promise<VersionCheckResult> {
  let isFirstRun = true;
  return async () => {
    const {
      fetch: fetchFn = globalThis.fetch,
      storage = window.localStorage,
      reload = () => window.location.reload(),
      timeoutMs = 3000,
    } = deps;
    try {
      const response = await fetchFn('/version.txt', {
        cache: 'no-store',
        headers: { Accept: 'text/plain' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return 'skipped';
      if ((response.headers.get('Content-Type') ?? '').includes('html')) return 'skipped';
      const version = readBuildId(await response.text());
      if (!version) return 'skipped';
      const wasFirstRun = isFirstRun;
      isFirstRun = false;
      const stored = storage.getItem(VERSION_KEY);
      if (stored === version) return 'same';
      storage.setItem(VERSION_KEY, version);
      if (wasFirstRun) return 'stored';
      reload();
      return 'reloading';
    } catch {
      return 'skipped';
    }
  };
}

/** The check the root route runs before each route load. */
export const checkVersion = createVersionCheck();

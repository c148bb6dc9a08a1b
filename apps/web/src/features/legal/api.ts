import { queryOptions, useQuery } from '@tanstack/react-query';

export type LegalPageName = 'terms' | 'privacy';

/** A static markdown page from public/, fetched with GET and cached by key. */
async function fetchMarkdownPage(name: LegalPageName, signal?: AbortSignal): Promise<string> {
  const response = await fetch(`/${name}.md`, {
    headers: { Accept: 'text/markdown' },
    signal: signal ?? null,
  });
  const type = response.headers.get('Content-Type') ?? '';
  // An SPA fallback answers index.html for a missing file: that is not the page.
  if (!response.ok || type.includes('html')) {
    throw new Error(`The ${name} page could not be loaded (${response.status}).`);
  }
  return response.text();
}

export const markdownPageQueryOptions = (name: LegalPageName) =>
  queryOptions({
    queryKey: ['markdown-page', name],
    queryFn: ({ signal }) => fetchMarkdownPage(name, signal),
  });

export function useMarkdownPage(name: LegalPageName) {
  return useQuery(markdownPageQueryOptions(name));
}

/**
 * A scraped or imported URL, only when it is a web address (http or https): anything else (`javascript:`,
 * `data:`, relative paths) must not become a link, since pages, CSVs and sites are untrusted input.
 */
export function webUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

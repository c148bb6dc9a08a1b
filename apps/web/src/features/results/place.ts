import type { Business } from '@argo/contract';

/**
 * Countries that write the postal code after the city (and its state or county): "Frisco, TX 75034". Elsewhere —
 * most of Europe and Latin America — it comes before the city: "54470 Bernkastel-Kues".
 */
const POSTAL_CODE_AFTER_CITY = new Set(['US', 'CA', 'AU', 'GB', 'UK', 'IE', 'NZ', 'IN', 'ZA', 'SG']);

type AddressParts = Pick<Business, 'address' | 'postal_code' | 'city' | 'region' | 'country'>;

/** A business's address on one line, in the order its country writes one. */
export function formatAddress(business: AddressParts): string {
  const { address, postal_code: postalCode, city, region, country } = business;
  const join = (parts: Array<string | null | undefined>, separator: string) =>
    parts.filter(Boolean).join(separator);
  const locality = POSTAL_CODE_AFTER_CITY.has((country ?? '').toUpperCase())
    ? join([city, join([region, postalCode], ' ')], ', ')
    : join([join([postalCode, city], ' '), region], ', ');
  return join([address, locality, country], ', ');
}

/** The line of the imported file a "line/N" reference names. */
const importedLine = (ref: string): string | undefined => /^line\/(\d+)$/.exec(ref)?.[1];

/**
 * Where a record came from, as the drawer names it: "CSV, line 2" for an imported row (stored as `line/2`), the
 * source and its reference otherwise ("OpenStreetMap (node/123)").
 */
export function sourceRefLabel(label: string, ref: string | null | undefined): string {
  if (!ref) return label;
  const line = importedLine(ref);
  return line ? `${label}, line ${line}` : `${label} (${ref})`;
}

/** A source's reference on its own: "line/13" → "Line 13"; any other (an OSM "node/123") as it is. */
export function sourceRefText(ref: string): string {
  const line = importedLine(ref);
  return line ? `Line ${line}` : ref;
}

const folded = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * True when a source placed the business somewhere other than its own address: a record merged into it (a second
 * branch sharing the website) whose address the drawer shows beside that source. A source's line starts with the
 * street address it had, so the business's own record's line starts with the business's address.
 */
export function isOtherPlace(
  sourceAddress: string | null | undefined,
  businessAddress: string | null | undefined,
): sourceAddress is string {
  if (!sourceAddress) return false;
  if (!businessAddress) return true;
  return !folded(sourceAddress).startsWith(folded(businessAddress));
}

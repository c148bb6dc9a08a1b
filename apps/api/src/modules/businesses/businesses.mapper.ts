import { type Business, type DetectedSoftware, SoftwareGroup, Tier } from '@argo/contract';
import { groupOf } from '@argo/engine';
import type { BusinessRow, EnrichmentResultRow } from '../../db/schema';
import { detailsFrom } from '../enrichment/enrichment.mapper';
import { peopleDetailsFrom, toPrimaryContact } from '../people/people.mapper';

/**
 * The group a stored detection carries (the engine sets it); for one stored without, the engine's rule on its
 * categories and evidence (only implied → infrastructure).
 */
function storedGroup(tech: Record<string, unknown>): SoftwareGroup {
  const stored = SoftwareGroup.safeParse(tech.group);
  if (stored.success) return stored.data;
  const categories = Array.isArray(tech.categories)
    ? tech.categories.flatMap((c) => (typeof c?.id === 'number' ? [c.id as number] : []))
    : [];
  const evidence = Array.isArray(tech.evidence) ? tech.evidence : [];
  const impliedOnly = evidence.length > 0 && evidence.every((e) => e?.type === 'implies');
  // Nothing to judge by (no group, no category ids): business, as the `software` filter's column counts it
  // (business_software_names_of in migration 0011), so the table and the filter agree.
  if (categories.length === 0 && !impliedOnly) return 'business';
  return groupOf(String(tech.name), categories, impliedOnly);
}

/** The columns of a business the results table shows (toListedBusiness); the rest serve filters and bookkeeping. */
export const LISTED_BUSINESS_COLUMNS = [
  'id',
  'sessionId',
  'name',
  'website',
  'domain',
  'email',
  'phone',
  'address',
  'city',
  'region',
  'postalCode',
  'country',
  'lat',
  'lng',
  'category',
  'categories',
  'aliases',
  'phones',
  'websites',
  'websiteEmail',
  'websitePhone',
  'isClosed',
  'source',
  'sources',
  'sourceRef',
  'rating',
  'reviewCount',
  'enrichmentState',
  'enrichmentError',
  'summary',
  'industry',
  'listedSoftware',
  'hiring',
  'icpScore',
  'icpTier',
  'decisionMaker',
  'primaryContact',
  'attributes',
  'firstSeenAt',
  'updatedAt',
] as const satisfies readonly (keyof BusinessRow)[];
export type ListedBusinessRow = Pick<BusinessRow, (typeof LISTED_BUSINESS_COLUMNS)[number]>;

/**
 * The detections of a stored software_detection result (`data.technologies`), or of the businesses'
 * listed_software (migration 0020: already in the contract's shape, or a legacy detection kept whole), in the
 * contract's shape.
 */
function softwareFrom(technologies: unknown): DetectedSoftware[] {
  if (!Array.isArray(technologies)) return [];
  return technologies.flatMap((tech): DetectedSoftware[] => {
    if (!tech || typeof tech !== 'object' || typeof tech.name !== 'string') return [];
    const evidence = Array.isArray(tech.evidence) ? tech.evidence[0] : null;
    return [
      {
        name: tech.name,
        // listed_software keeps `category` (migration 0020); a stored result, every category.
        category:
          typeof tech.category === 'string'
            ? tech.category
            : Array.isArray(tech.categories) && typeof tech.categories[0]?.name === 'string'
              ? tech.categories[0].name
              : '',
        version: typeof tech.version === 'string' ? tech.version : null,
        confidence: typeof tech.confidence === 'number' ? tech.confidence : 0,
        group: storedGroup(tech),
        // The first piece of evidence, e.g. "scriptSrc: …/wp-content/… (https://site/page)".
        evidence:
          evidence && typeof evidence.match === 'string'
            ? `${evidence.type}: ${evidence.match}${typeof evidence.url === 'string' ? ` (${evidence.url})` : ''}`
            : null,
      },
    ];
  });
}

/**
 * A stored business (and its stored enrichment results) → the contract's Business with the drawer's details.
 * `isSuppressed` marks the addresses the account's suppression list covers (the drawer shows them as such).
 */
export function toBusiness(
  row: BusinessRow,
  enrichments: readonly EnrichmentResultRow[] = [],
  isSuppressed: (email: string) => boolean = () => false,
): Business {
  let details = enrichments.length ? detailsFrom(enrichments) : undefined;
  const people = enrichments.find((e) => e.type === ('people' as EnrichmentResultRow['type']));
  if (people) details = { ...details, ...peopleDetailsFrom(people.data, people.observedAt, isSuppressed) };
  const software = softwareFrom(enrichments.find((e) => e.type === 'software_detection')?.data.technologies);
  return { ...toListedBusiness(row, software), ...(details ? { details } : {}) };
}

/**
 * The software a results page lists: the business software alone (the table's column; migration 0018 keeps no
 * other group in listed_software, and a legacy detection without one is grouped here as the drawer groups it),
 * without its evidence (migration 0019 keeps none; the drawer's read gives it).
 */
function listedSoftwareFrom(listedSoftware: unknown): DetectedSoftware[] {
  return softwareFrom(listedSoftware).flatMap(({ evidence, ...software }) =>
    software.group === 'business' ? [software] : [],
  );
}

/**
 * A row of a results page: the business as the table shows it, without the drawer's `details` and with its business
 * software only (the drawer reads the one business it opens, and all its software from the whole stored result).
 */
export function toListedBusiness(
  row: ListedBusinessRow,
  software: DetectedSoftware[] = listedSoftwareFrom(row.listedSoftware),
): Business {
  const tier = Tier.safeParse(row.icpTier);
  return {
    id: row.id,
    session_id: row.sessionId,
    name: row.name,
    website: row.website,
    domain: row.domain,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    region: row.region,
    postal_code: row.postalCode,
    country: row.country,
    lat: row.lat,
    lng: row.lng,
    category: row.category,
    categories: row.categories,
    aliases: row.aliases,
    phones: row.phones,
    websites: row.websites,
    website_email: row.websiteEmail,
    website_phone: row.websitePhone,
    is_closed: row.isClosed,
    source: row.source,
    sources: row.sources,
    source_ref: row.sourceRef,
    rating: row.rating,
    review_count: row.reviewCount,
    enrichment_state: row.enrichmentState,
    enrichment_error: row.enrichmentError,
    summary: row.summary,
    industry: row.industry,
    software,
    hiring: row.hiring,
    icp_score: row.icpScore,
    icp_tier: tier.success ? tier.data : null,
    decision_maker: row.decisionMaker,
    primary_contact: toPrimaryContact(row.primaryContact),
    // The imported file's own columns; left out for the rows that have none (every discovered business).
    ...(row.attributes && Object.keys(row.attributes).length > 0 ? { attributes: row.attributes } : {}),
    first_seen_at: row.firstSeenAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

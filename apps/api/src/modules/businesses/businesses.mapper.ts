import { type Business, type BusinessSource, Tier } from '@argo/contract';
import type { BusinessRow } from '../../db/schema';

/** A stored business → the contract's Business (software and details come with enrichment). */
export function toBusiness(row: BusinessRow): Business {
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
    source: row.source,
    sources: (row.sources ?? []).map(
      (ref): BusinessSource => ({ ...ref, source_ref: ref.source_ref ?? null }),
    ),
    source_ref: row.sourceRef,
    rating: row.rating,
    review_count: row.reviewCount,
    enrichment_state: row.enrichmentState,
    enrichment_error: row.enrichmentError,
    summary: row.summary,
    industry: row.industry,
    software: [],
    hiring: row.hiring,
    icp_score: row.icpScore,
    icp_tier: tier.success ? tier.data : null,
    first_seen_at: row.firstSeenAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

import type { DetectedSoftware } from '@argo/contract';

/**
 * The software a business chose and pays for (group `business`: shop, booking, CRM, marketing, payments, analytics,
 * chat, site builder) — what the table shows and the `software` filter matches. The rest (languages, servers, CDNs,
 * libraries, Open Graph, RSS, inferences) is `infrastructure`, shown in the drawer only.
 */
export const businessSoftware = (software: readonly DetectedSoftware[]) =>
  software.filter((item) => item.group === 'business');

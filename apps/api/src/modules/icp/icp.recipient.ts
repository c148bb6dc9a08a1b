/**
 * No outreach at all for a business whose own domain is on the account's suppression list. Whom the content
 * addresses (the named decision-maker, never someone with a suppressed address) is the engine's rule
 * (`recipientOf`, packages/engine/src/icp/recipient.ts).
 */
import { type SuppressionEntry, suppressionRule } from '@argo/contract';
import { conflict } from '../../http/errors';

/** 409 when the business's own domain is suppressed: nothing is written to it. */
export function refuseSuppressedBusiness(
  business: { name: string; domain: string | null },
  list: readonly SuppressionEntry[],
) {
  if (business.domain && suppressionRule(list).isDomainSuppressed(business.domain)) {
    throw conflict(
      `${business.name}'s domain ${business.domain} is on your suppression list, so Argo writes no outreach to it.`,
    );
  }
}

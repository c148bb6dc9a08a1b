import type { Business, BusinessCorrection, CorrectableField } from '@argo/contract';
import { Text } from '@mantine/core';
import { when } from './drawer-parts';

/* How the drawer shows a user's corrections of a business's own facts: who corrected what, and when. */

const FIELD_LABELS: Record<CorrectableField, string> = {
  name: 'Name',
  website: 'Website',
  phone: 'Phone',
  email: 'Email',
  address: 'Street address',
  postal_code: 'Postcode',
  city: 'City',
  country: 'Country',
};

/** The latest of the business's corrections of any of `fields`; undefined when none was corrected. */
export function latestCorrection(
  business: Business,
  ...fields: CorrectableField[]
): BusinessCorrection | undefined {
  return (business.corrections ?? [])
    .filter((correction) => fields.includes(correction.field))
    .sort((a, b) => b.corrected_at.localeCompare(a.corrected_at))[0];
}

/** "corrected by Ann Lee on 2 Dec 2026, 10:04": in place of a fact's source once a user corrected it. */
export function CorrectedSource({ correction }: { correction: BusinessCorrection }) {
  return (
    <Text size="xs" c="teal" component="span" data-testid="fact-source">
      corrected by {correction.corrected_by.name} on {when(correction.corrected_at)}
    </Text>
  );
}

/**
 * "Name corrected by …", "Phone cleared by …": the corrections no fact carries as its source. The name heads the
 * drawer and a cleared field shows no fact, so theirs are listed on their own.
 */
export function CorrectionNotes({ business }: { business: Business }) {
  const shownApart = (business.corrections ?? []).filter(
    (correction) => correction.field === 'name' || business[correction.field] === null,
  );
  return shownApart.map((correction) => (
    <Text key={correction.field} size="xs" c="teal" data-testid="correction-note">
      {FIELD_LABELS[correction.field]} {business[correction.field] === null ? 'cleared' : 'corrected'} by{' '}
      {correction.corrected_by.name} on {when(correction.corrected_at)}
    </Text>
  ));
}

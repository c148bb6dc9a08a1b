import type { Business, CorrectableField } from '@argo/contract';
import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { webUrl } from '../../../lib/safe-url';
import { formatAddress, sourceRefLabel } from '../place';
import { hostOf } from './cells';
import { CorrectedSource, CorrectionNotes, latestCorrection } from './corrections';
import {
  distinct,
  Fact,
  Lines,
  PhoneLink,
  Section,
  Source,
  SuppressedNote,
  sameText,
  sameWebsite,
  shortUrl,
} from './drawer-parts';
import { SOURCE_LABELS } from './labels';

/**
 * The drawer's "Contact and place": the business's names, websites, email, phones, address, coordinates, categories
 * and rating, each with the source it came from, or who corrected it.
 */
export function ContactAndPlaceSection({ business }: { business: Business }) {
  const sourceOr = (fallback: ReactNode, ...fields: CorrectableField[]) => {
    const correction = latestCorrection(business, ...fields);
    return correction ? <CorrectedSource correction={correction} /> : fallback;
  };
  const firstSource = business.sources[0];
  const placeSource = (
    <Source
      url={firstSource?.url}
      label={sourceRefLabel(SOURCE_LABELS[business.source] ?? business.source, business.source_ref)}
      observedAt={firstSource?.observed_at ?? business.first_seen_at}
    />
  );
  // A merged record keeps what each of its records had: every other name, category, phone and website, the main
  // one first. The lists may be absent (older rows) or repeat the main value.
  const aliases = distinct(business.aliases ?? []).filter(
    (alias) => sameText(alias) !== sameText(business.name),
  );
  const categories = distinct([business.category, ...(business.categories ?? [])]);
  const phones = distinct([business.phone, ...(business.phones ?? [])]);
  const websites = distinct([business.website, ...(business.websites ?? [])], sameWebsite);
  const address = formatAddress(business);

  return (
    <Section title="Contact and place">
      <CorrectionNotes business={business} />
      {aliases.length > 0 && (
        <Fact label="Also known as" source={placeSource}>
          <Lines values={aliases} />
        </Fact>
      )}
      {websites.length > 0 && (
        <Fact label={websites.length > 1 ? 'Websites' : 'Website'} source={sourceOr(placeSource, 'website')}>
          <Lines
            values={websites}
            render={(website, index) => {
              const href = webUrl(website);
              if (!href) return website;
              return (
                <Anchor href={href} target="_blank" rel="noreferrer noopener">
                  {index === 0 && website === business.website ? hostOf(business) : shortUrl(website)}
                </Anchor>
              );
            }}
          />
        </Fact>
      )}
      {business.email ? (
        <Fact label="Email" source={sourceOr(placeSource, 'email')}>
          {business.email}
        </Fact>
      ) : (
        business.email_suppressed && (
          <Fact label="Email">
            <SuppressedNote />
          </Fact>
        )
      )}
      {phones.length > 0 && (
        <Fact label={phones.length > 1 ? 'Phones' : 'Phone'} source={sourceOr(placeSource, 'phone')}>
          <Lines values={phones} render={(phone) => <PhoneLink phone={phone} />} />
        </Fact>
      )}
      {address && (
        <Fact label="Address" source={sourceOr(placeSource, 'address', 'postal_code', 'city', 'country')}>
          {address}
        </Fact>
      )}
      {business.lat !== null && business.lng !== null && (
        <Fact label="Coordinates" source={placeSource}>
          {business.lat.toFixed(5)}, {business.lng.toFixed(5)}
        </Fact>
      )}
      {categories.length > 0 && (
        <Fact label={categories.length > 1 ? 'Categories' : 'Category'} source={placeSource}>
          {categories[0]}
          {categories.length > 1 && (
            <Text span size="sm" c="dimmed">
              {' '}
              · also {categories.slice(1).join(', ')}
            </Text>
          )}
        </Fact>
      )}
      {business.rating !== null && (
        <Fact label="Rating" source={placeSource}>
          {business.rating.toFixed(1)}
          {business.review_count !== null && ` from ${business.review_count.toLocaleString('en-US')} reviews`}
        </Fact>
      )}
    </Section>
  );
}

import type { AttributeColumn, Business, BusinessPerson } from '@argo/contract';
import { Alert, Anchor, Badge, Drawer, Group, List, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { icpCriterionLabel } from '../../../lib/icp-words';
import { webUrl } from '../../../lib/safe-url';
import type { DrawerDetailsState } from '../map/api';
import { formatAddress, isOtherPlace, sourceRefLabel, sourceRefText } from '../place';
import { AttributesSection } from './AttributesSection';
import { ContactsSection } from './ContactsSection';
import { EnrichmentStateBadge, hostOf, SOURCE_LABELS, TierBadge } from './columns';
import {
  distinct,
  Fact,
  Lines,
  PhoneLink,
  Section,
  Source,
  sameText,
  sameWebsite,
  shortUrl,
  when,
} from './drawer-parts';
import { PeopleSection } from './PeopleSection';
import { SoftwareSection } from './SoftwareSection';

interface BusinessDrawerProps {
  /** The business to show; undefined closes the drawer. */
  business: Business | undefined;
  /** The drawer was asked for a business that is not on this page. */
  isMissing?: boolean;
  /** Its details (people, contacts, careers, pages) are still being read, or could not be: `business` is the row. */
  details?: DrawerDetailsState;
  onClose: () => void;
  /** More for this business (the ICP feature's outreach content), composed by the route. */
  extra?: ((business: Business) => ReactNode) | undefined;
  /** Removes a person from the session's results; absent when the user may not change the session. */
  onRemovePerson?: ((business: Business, person: BusinessPerson) => Promise<void>) | undefined;
  /** The session's imported columns (SessionInfo.attribute_columns): labels and order of "From your file". */
  attributeColumns?: readonly AttributeColumn[] | undefined;
}

/** The detail drawer of /results: every fact about a business, each with where and when it was found. */
export function BusinessDrawer({
  business,
  isMissing = false,
  details = 'ready',
  onClose,
  extra,
  onRemovePerson,
  attributeColumns = [],
}: BusinessDrawerProps) {
  return (
    <Drawer
      opened={business !== undefined || isMissing}
      onClose={onClose}
      position="right"
      size="xl"
      title={business ? business.name : 'Business'}
      closeButtonProps={{ 'aria-label': 'Close details' }}
    >
      {business && details === 'loading' && (
        <Group gap="xs" mb="sm">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading people, contacts and the pages found…
          </Text>
        </Group>
      )}
      {business && details === 'error' && (
        <Alert color="red" mb="sm" title="The details of this business could not be loaded">
          The facts from the table are shown. Close this panel and open the business again to retry.
        </Alert>
      )}
      {business ? (
        <BusinessFacts
          business={business}
          extra={extra}
          onRemovePerson={onRemovePerson}
          attributeColumns={attributeColumns}
        />
      ) : (
        <Text size="sm" c="dimmed">
          This business is not on the current page of results. Close this panel and find it with the search.
        </Text>
      )}
    </Drawer>
  );
}

function BusinessFacts({
  business,
  extra,
  onRemovePerson,
  attributeColumns = [],
}: Pick<BusinessDrawerProps, 'extra' | 'onRemovePerson' | 'attributeColumns'> & { business: Business }) {
  const details = business.details ?? {};
  const pages = details.pages ?? [];
  // A fact read from a page was observed when that page was fetched.
  const fetchedAt = (url: string | null | undefined) =>
    (url && pages.find((page) => page.url === url)?.fetched_at) || business.updated_at;
  const firstSource = business.sources[0];
  const placeSource = (
    <Source
      url={firstSource?.url}
      label={sourceRefLabel(SOURCE_LABELS[business.source] ?? business.source, business.source_ref)}
      observedAt={firstSource?.observed_at ?? business.first_seen_at}
    />
  );
  const careers = details.careers;
  const reasons = details.icp_reasons ?? [];
  // A merged record keeps what each of its records had (issue 15): every other name, category, phone and website,
  // the main one first. The lists may be absent (older rows) or repeat the main value.
  const aliases = distinct(business.aliases ?? []).filter(
    (alias) => sameText(alias) !== sameText(business.name),
  );
  const categories = distinct([business.category, ...(business.categories ?? [])]);
  const phones = distinct([business.phone, ...(business.phones ?? [])]);
  const websites = distinct([business.website, ...(business.websites ?? [])], sameWebsite);
  const address = formatAddress(business);

  return (
    <Stack gap="lg" data-testid="business-details">
      <Group gap="sm">
        <EnrichmentStateBadge business={business} />
        <TierBadge tier={business.icp_tier} score={business.icp_score} />
        {business.hiring && (
          <Badge color="grape" variant="light">
            Hiring
          </Badge>
        )}
        {business.is_closed && (
          <Badge color="red" variant="filled">
            Closed
          </Badge>
        )}
      </Group>
      {business.is_closed && (
        <Text size="sm" c="red" data-testid="closed-note">
          Closed for good (its source says so): left out of enrichment and exports unless closed businesses
          are asked for.
        </Text>
      )}
      {/* A closed business waits as skipped with the API's note as its error: no failure, the note above says why. */}
      {business.enrichment_error && !(business.is_closed && business.enrichment_state === 'skipped') && (
        <Text size="sm" c={business.enrichment_state === 'skipped' ? 'dimmed' : 'red'}>
          {/* Skipped is no failure: there was nothing to enrich ("no website to crawl"). */}
          {business.enrichment_state === 'skipped' ? 'Not enriched' : 'Enrichment failed'}:{' '}
          {business.enrichment_error}
        </Text>
      )}

      <Section title="Contact and place">
        {aliases.length > 0 && (
          <Fact label="Also known as" source={placeSource}>
            <Lines values={aliases} />
          </Fact>
        )}
        {websites.length > 0 && (
          <Fact label={websites.length > 1 ? 'Websites' : 'Website'} source={placeSource}>
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
        {business.email && (
          <Fact label="Email" source={placeSource}>
            {business.email}
          </Fact>
        )}
        {phones.length > 0 && (
          <Fact label={phones.length > 1 ? 'Phones' : 'Phone'} source={placeSource}>
            <Lines values={phones} render={(phone) => <PhoneLink phone={phone} />} />
          </Fact>
        )}
        {address && (
          <Fact label="Address" source={placeSource}>
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
            {business.review_count !== null &&
              ` from ${business.review_count.toLocaleString('en-US')} reviews`}
          </Fact>
        )}
      </Section>

      <AttributesSection business={business} columns={attributeColumns} />

      <PeopleSection
        business={business}
        onRemovePerson={onRemovePerson ? (person) => onRemovePerson(business, person) : undefined}
      />

      <ContactsSection contacts={details.contacts ?? []} fetchedAt={fetchedAt} />

      {(business.summary || business.industry || (details.services ?? []).length > 0) && (
        <Section title="What it does">
          {business.summary && (
            <Fact
              label={`Summary (${details.summary_generated_by === 'model' ? 'written by a language model' : 'built-in summary'})`}
              source={<Source url={pages[0]?.url} observedAt={pages[0]?.fetched_at ?? business.updated_at} />}
            >
              {business.summary}
            </Fact>
          )}
          {business.industry && <Fact label="Industry">{business.industry}</Fact>}
          {(details.services ?? []).length > 0 && (
            <Fact label="Services">{(details.services ?? []).join(', ')}</Fact>
          )}
          {details.customer_type && <Fact label="Customers">{details.customer_type}</Fact>}
          {details.size_hint && <Fact label="Size">{details.size_hint}</Fact>}
        </Section>
      )}

      <SoftwareSection software={business.software} page={pages[0]} />

      {(careers || business.hiring !== null) && (
        <Section title="Hiring">
          <Fact
            label="Hiring"
            source={
              careers?.url ? <Source url={careers.url} observedAt={fetchedAt(careers.url)} /> : undefined
            }
          >
            {business.hiring === null ? 'Could not tell' : business.hiring ? 'Yes' : 'No open roles found'}
            {careers?.ats && ` · applicant tracking: ${careers.ats}`}
          </Fact>
          {careers && careers.roles.length > 0 && (
            <List size="sm" spacing={4} aria-label="Open roles">
              {careers.roles.map((role) => (
                <List.Item key={`${role.title}-${role.url ?? ''}-${role.location ?? ''}`}>
                  {webUrl(role.url) ? (
                    <Anchor
                      href={webUrl(role.url) ?? undefined}
                      target="_blank"
                      rel="noreferrer noopener"
                      size="sm"
                    >
                      {role.title}
                    </Anchor>
                  ) : (
                    role.title
                  )}
                  {(role.department || role.location) && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {[role.department, role.location].filter(Boolean).join(' · ')}
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
          )}
        </Section>
      )}

      {(business.icp_score !== null || reasons.length > 0) && (
        <Section title="ICP fit">
          <Fact label="Score and tier">
            <TierBadge tier={business.icp_tier} score={business.icp_score} />
          </Fact>
          {reasons.length > 0 && (
            <List size="sm" spacing={6} aria-label="ICP reasons" center>
              {reasons.map((reason) => (
                <List.Item
                  key={`${reason.criterion}-${reason.evidence ?? ''}`}
                  icon={
                    <ThemeIcon
                      size={18}
                      radius="xl"
                      color={reason.matched ? 'green' : 'gray'}
                      aria-label={reason.matched ? 'matched' : 'not matched'}
                    >
                      {reason.matched ? <IconCheck size={12} /> : <IconX size={12} />}
                    </ThemeIcon>
                  }
                >
                  {icpCriterionLabel(reason.criterion)}
                  {reason.evidence && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      — {reason.evidence}
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
          )}
        </Section>
      )}

      <Section title="Sources">
        {business.sources.map((source) => (
          <Fact
            key={`${source.source}-${source.source_ref ?? ''}`}
            label={SOURCE_LABELS[source.source] ?? source.source}
            source={
              <Source
                url={source.url}
                label={source.source === 'import' ? 'imported' : undefined}
                observedAt={source.observed_at ?? business.first_seen_at}
              />
            }
          >
            {source.source_ref ? sourceRefText(source.source_ref) : '—'}
            {isOtherPlace(source.address, business.address) && (
              <Text size="xs" data-testid="source-address">
                at {source.address}
              </Text>
            )}
            {source.snippet && (
              <Text size="xs" c="dimmed" fs="italic">
                “{source.snippet}”
              </Text>
            )}
          </Fact>
        ))}
        <Text size="xs" c="dimmed">
          First seen {when(business.first_seen_at)} · updated {when(business.updated_at)}
        </Text>
      </Section>

      {pages.length > 0 && (
        <Section title="Pages read">
          <List size="xs" spacing={2}>
            {pages.map((page) => (
              <List.Item key={page.url}>
                <Source url={page.url} observedAt={page.fetched_at} />
              </List.Item>
            ))}
          </List>
        </Section>
      )}

      {extra?.(business)}
    </Stack>
  );
}

import type { AttributeColumn, Business, BusinessPerson, CorrectBusinessBody } from '@argo/contract';
import { Alert, Badge, Button, Drawer, Group, List, Loader, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { DrawerDetailsState } from '../map/api';
import { AttributesSection } from './AttributesSection';
import { ContactAndPlaceSection } from './ContactAndPlaceSection';
import { ContactsSection } from './ContactsSection';
import { CorrectionForm } from './CorrectionForm';
import { EnrichmentStateBadge, TierBadge } from './cells';
import { Section, Source } from './drawer-parts';
import { EnrichNow } from './EnrichNow';
import { HiringSection } from './HiringSection';
import { IcpFitSection } from './IcpFitSection';
import { PeopleSection } from './PeopleSection';
import { SoftwareSection } from './SoftwareSection';
import { SourcesSection } from './SourcesSection';
import { WhatItDoesSection } from './WhatItDoesSection';

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
  /** Saves the user's corrections of the business's fields; absent when the user may not change the session. */
  onCorrect?: ((business: Business, body: CorrectBusinessBody) => Promise<unknown>) | undefined;
  /** Queues an enrichment of this business alone; absent when the user may not run the session. */
  onEnrich?: ((business: Business) => Promise<unknown>) | undefined;
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
  onCorrect,
  onEnrich,
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
          key={business.id}
          business={business}
          extra={extra}
          onRemovePerson={onRemovePerson}
          attributeColumns={attributeColumns}
          onCorrect={onCorrect}
          onEnrich={onEnrich}
        />
      ) : (
        <Text size="sm" c="dimmed">
          This business is not on the current page of results. Close this panel and find it with the search.
        </Text>
      )}
    </Drawer>
  );
}

/** The drawer's content: the business's state (badges, notes, the edit form), then a section each of its facts. */
function BusinessFacts({
  business,
  extra,
  onRemovePerson,
  attributeColumns = [],
  onCorrect,
  onEnrich,
}: Pick<BusinessDrawerProps, 'extra' | 'onRemovePerson' | 'attributeColumns' | 'onCorrect' | 'onEnrich'> & {
  business: Business;
}) {
  const [isEditing, setEditing] = useState(false);
  const details = business.details ?? {};
  const pages = details.pages ?? [];
  // A fact read from a page was observed when that page was fetched.
  const fetchedAt = (url: string | null | undefined) =>
    (url && pages.find((page) => page.url === url)?.fetched_at) || business.updated_at;

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
        {onEnrich && business.website && business.enrichment_state === 'pending' && (
          <EnrichNow business={business} onEnrich={onEnrich} />
        )}
        {onCorrect && !isEditing && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={() => setEditing(true)}
          >
            Edit details
          </Button>
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

      {onCorrect && isEditing && (
        <Section title="Correct details">
          <CorrectionForm
            business={business}
            onSave={(body) => onCorrect(business, body)}
            onDone={() => setEditing(false)}
          />
        </Section>
      )}

      <ContactAndPlaceSection business={business} />

      <AttributesSection business={business} columns={attributeColumns} />

      <PeopleSection
        business={business}
        onRemovePerson={onRemovePerson ? (person) => onRemovePerson(business, person) : undefined}
      />

      <ContactsSection contacts={details.contacts ?? []} fetchedAt={fetchedAt} />

      <WhatItDoesSection business={business} />

      <SoftwareSection software={business.software} page={pages[0]} />

      <HiringSection business={business} fetchedAt={fetchedAt} />

      <IcpFitSection business={business} />

      <SourcesSection business={business} />

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

import type { Business, EnrichmentState, SortField, Tier } from '@argo/contract';
import { Anchor, Badge, Checkbox, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  rowSelectionFeature,
  tableFeatures,
} from '@tanstack/react-table';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { WHOLE_BADGE } from '../../../components/whole-badge';
import { webUrl } from '../../../lib/safe-url';
import { businessSoftware } from '../software-groups';
import { PhoneLink } from './drawer-parts';

export const SOURCE_LABELS: Record<string, string> = {
  osm: 'OpenStreetMap',
  google_places: 'Google Places',
  competitor: 'Competitor site',
  import: 'CSV',
};

export const ENRICHMENT_STATE_LABELS: Record<EnrichmentState, string> = {
  pending: 'Not enriched',
  running: 'Enriching',
  done: 'Enriched',
  failed: 'Failed',
  skipped: 'Skipped',
};
const ENRICHMENT_STATE_COLORS: Record<EnrichmentState, string> = {
  pending: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
  skipped: 'yellow',
};

export const TIER_COLORS: Record<Tier, string> = { A: 'green', B: 'teal', C: 'yellow', D: 'gray' };

export interface ResultsColumnMeta {
  /** The API's sort field behind the column; no sorting without one. */
  sortField?: SortField;
  /** Which way a first click sorts. */
  firstOrder?: 'asc' | 'desc';
  /** The header's words (for "Sort by …"). */
  label?: string;
  /** Cells that should not wrap. */
  isNarrow?: boolean;
}

/** What the cells need from the page: opening a business's details. */
export interface ResultsTableMeta {
  onOpenBusiness: (id: string) => void;
}

export const features = tableFeatures({
  columnVisibilityFeature,
  rowSelectionFeature,
  columnMeta: metaHelper<ResultsColumnMeta>(),
  tableMeta: metaHelper<ResultsTableMeta>(),
});
const helper = createColumnHelper<typeof features, Business>();

const dash = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

/**
 * A value a file or a source wrote freely, in two lines at most so one row cannot fill the screen (a licence file's
 * category lists every licence a business holds: 280 characters); the whole value as its title, and in the drawer.
 */
function ClampedText({ text }: { text: string | null | undefined }) {
  if (!text) return dash;
  return (
    <Text size="sm" lineClamp={2} title={text}>
      {text}
    </Text>
  );
}

/** The host of a website, for a short link text. */
export function hostOf(business: Pick<Business, 'domain' | 'website'>): string {
  if (business.domain) return business.domain;
  try {
    return new URL(business.website ?? '').hostname.replace(/^www\./, '');
  } catch {
    return business.website ?? '';
  }
}

/** Distinct sources of a business (merged duplicates keep each one). */
export function sourcesOf(business: Business): string[] {
  const names = business.sources.map((source) => source.source);
  return [...new Set(names.length > 0 ? names : [business.source])];
}

export function EnrichmentStateBadge({ business }: { business: Business }) {
  const state = business.enrichment_state;
  const badge = (
    <Badge variant="light" color={ENRICHMENT_STATE_COLORS[state]} size="sm" style={WHOLE_BADGE}>
      {ENRICHMENT_STATE_LABELS[state]}
    </Badge>
  );
  return business.enrichment_error ? <Tooltip label={business.enrichment_error}>{badge}</Tooltip> : badge;
}

/**
 * "Decision-maker found": the primary contact's name and role when the site names an owner, founder or executive;
 * "None named" when people were analysed and nobody decides; a dash before the people analysis ran.
 */
export function DecisionMakerCell({ business }: { business: Business }) {
  const contact = business.primary_contact;
  if (business.decision_maker == null) return dash;
  if (!business.decision_maker || !contact) {
    return (
      <Text size="sm" c="dimmed">
        None named
      </Text>
    );
  }
  return (
    <div>
      <Text size="sm" lineClamp={1} title={contact.name}>
        {contact.name}
      </Text>
      {contact.role && (
        <Text size="xs" c="dimmed" lineClamp={1} title={contact.role}>
          {contact.role}
        </Text>
      )}
    </div>
  );
}

export function TierBadge({ tier, score }: { tier: Tier | null; score: number | null }) {
  if (!tier && score === null) return dash;
  return (
    <Group gap={6} wrap="nowrap">
      {tier && (
        <Badge
          color={TIER_COLORS[tier]}
          size="sm"
          variant="filled"
          aria-label={`Tier ${tier}`}
          style={WHOLE_BADGE}
        >
          {tier}
        </Badge>
      )}
      {score !== null && (
        <Text size="sm" span>
          {Math.round(score)}
        </Text>
      )}
    </Group>
  );
}

/** A contact the record lacked and the business's own website gave (enrichment), said so under it. */
function FromWebsite({ children }: { children: ReactNode }) {
  return (
    <Stack gap={0}>
      {children}
      <Text size="xs" c="dimmed">
        from its website
      </Text>
    </Stack>
  );
}

export const columns = helper.columns([
  helper.display({
    id: 'select',
    header: ({ table }) => (
      <Checkbox
        aria-label="Select every business on this page"
        checked={table.getIsAllRowsSelected()}
        indeterminate={table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected()}
        onChange={(event) => table.toggleAllRowsSelected(event.currentTarget.checked)}
        size="xs"
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={`Select ${row.original.name}`}
        checked={row.getIsSelected()}
        onChange={(event) => row.toggleSelected(event.currentTarget.checked)}
        size="xs"
      />
    ),
  }),
  helper.accessor('name', {
    header: 'Name',
    meta: { sortField: 'name', firstOrder: 'asc', label: 'Name' },
    cell: (info) => (
      <Group gap={6} wrap="nowrap">
        <UnstyledButton
          onClick={() => info.table.options.meta?.onOpenBusiness(info.row.id)}
          fw={500}
          fz="sm"
          aria-label={`Details of ${info.getValue()}`}
          style={{ textAlign: 'left' }}
        >
          {info.getValue()}
        </UnstyledButton>
        {/* Closed businesses stay in the table (the filter hides them); this says which they are. */}
        {info.row.original.is_closed && (
          <Badge color="red" variant="light" size="xs" style={WHOLE_BADGE}>
            Closed
          </Badge>
        )}
      </Group>
    ),
  }),
  helper.accessor('website', {
    header: 'Website',
    meta: { sortField: 'domain', firstOrder: 'asc', label: 'Website' },
    cell: (info) => {
      const website = info.getValue();
      if (!website) return dash;
      const href = webUrl(website);
      if (!href) return <Text size="sm">{hostOf(info.row.original)}</Text>;
      return (
        <Anchor href={href} target="_blank" rel="noreferrer noopener" size="sm">
          {hostOf(info.row.original)}
        </Anchor>
      );
    },
  }),
  helper.accessor('phone', {
    header: 'Phone',
    meta: { isNarrow: true },
    cell: (info) => {
      const { phone, website_phone: fromSite } = info.row.original;
      if (phone) return <PhoneLink phone={phone} />;
      return fromSite ? (
        <FromWebsite>
          <PhoneLink phone={fromSite} />
        </FromWebsite>
      ) : (
        dash
      );
    },
  }),
  helper.accessor('email', {
    header: 'Email',
    cell: (info) => {
      const { email, website_email: fromSite } = info.row.original;
      const shown = email ?? fromSite;
      if (!shown) return dash;
      const link = (
        <Anchor href={`mailto:${shown}`} size="sm">
          {shown}
        </Anchor>
      );
      return email ? link : <FromWebsite>{link}</FromWebsite>;
    },
  }),
  helper.accessor('address', {
    header: 'Address',
    cell: (info) => {
      // Sources often write the postal code into the street address; without one, the postal code and country.
      const { address, postal_code: postalCode, country } = info.row.original;
      return <ClampedText text={address ?? ([postalCode, country].filter(Boolean).join(' ') || null)} />;
    },
  }),
  helper.accessor('city', {
    header: 'City',
    meta: { sortField: 'city', firstOrder: 'asc', label: 'City' },
    cell: (info) => {
      const { city, region } = info.row.original;
      return <ClampedText text={city && (region ? `${city}, ${region}` : city)} />;
    },
  }),
  helper.accessor('category', {
    header: 'Category',
    meta: { sortField: 'category', firstOrder: 'asc', label: 'Category' },
    cell: (info) => <ClampedText text={info.getValue()} />,
  }),
  helper.accessor('industry', {
    header: 'Industry',
    meta: { sortField: 'industry', firstOrder: 'asc', label: 'Industry' },
    cell: (info) => (info.getValue() ? <Text size="sm">{info.getValue()}</Text> : dash),
  }),
  helper.display({
    id: 'icp',
    header: 'ICP',
    meta: { sortField: 'icp_score', firstOrder: 'desc', label: 'ICP', isNarrow: true },
    cell: (info) => <TierBadge tier={info.row.original.icp_tier} score={info.row.original.icp_score} />,
  }),
  helper.display({
    id: 'software',
    header: 'Software',
    cell: (info) => {
      // Business software only (issue 11): infrastructure and inferences stay in the drawer.
      const names = businessSoftware(info.row.original.software).map((software) => software.name);
      if (names.length === 0) return dash;
      const shown = names.slice(0, 3).join(', ');
      return (
        <Text size="sm" title={names.join(', ')}>
          {names.length > 3 ? `${shown} +${names.length - 3}` : shown}
        </Text>
      );
    },
  }),
  helper.accessor('hiring', {
    header: 'Hiring',
    meta: { isNarrow: true },
    cell: (info) => {
      const hiring = info.getValue();
      if (hiring === null) return dash;
      return (
        <Badge variant="light" color={hiring ? 'grape' : 'gray'} size="sm">
          {hiring ? 'Hiring' : 'No'}
        </Badge>
      );
    },
  }),
  helper.display({
    id: 'decision_maker',
    header: 'Decision-maker',
    cell: (info) => <DecisionMakerCell business={info.row.original} />,
  }),
  helper.display({
    id: 'enrichment_state',
    header: 'Enrichment',
    meta: { sortField: 'enrichment_state', firstOrder: 'asc', label: 'Enrichment', isNarrow: true },
    cell: (info) => <EnrichmentStateBadge business={info.row.original} />,
  }),
  helper.accessor('rating', {
    header: 'Rating',
    meta: { sortField: 'rating', firstOrder: 'desc', label: 'Rating', isNarrow: true },
    cell: (info) => {
      const { rating, review_count } = info.row.original;
      if (rating === null) return dash;
      return (
        <Text size="sm">
          {rating.toFixed(1)}
          {review_count !== null && (
            <Text span c="dimmed" size="xs">
              {' '}
              ({review_count.toLocaleString('en-US')})
            </Text>
          )}
        </Text>
      );
    },
  }),
  helper.display({
    id: 'sources',
    header: 'Sources',
    meta: { sortField: 'source', firstOrder: 'asc', label: 'Sources' },
    cell: (info) => (
      <Group gap={4} wrap="wrap">
        {sourcesOf(info.row.original).map((source) => (
          <Badge
            key={source}
            variant="light"
            color={source === 'osm' ? 'green' : 'gray'}
            size="sm"
            style={WHOLE_BADGE}
          >
            {SOURCE_LABELS[source] ?? source}
          </Badge>
        ))}
        {info.row.original.sources.length > 1 && (
          <Tooltip label={`Merged from ${info.row.original.sources.length} records`}>
            <Text span size="xs" c="dimmed">
              ×{info.row.original.sources.length}
            </Text>
          </Tooltip>
        )}
      </Group>
    ),
  }),
  helper.accessor('first_seen_at', {
    header: 'First seen',
    meta: { sortField: 'first_seen_at', firstOrder: 'desc', label: 'First seen', isNarrow: true },
    cell: (info) => (
      <Text size="sm" title={info.getValue()}>
        {dayjs(info.getValue()).format('D MMM YYYY')}
      </Text>
    ),
  }),
]);

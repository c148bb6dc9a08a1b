import type { Business, SortField } from '@argo/contract';
import { Anchor, Badge, Checkbox, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  rowSelectionFeature,
  tableFeatures,
} from '@tanstack/react-table';
import { WHOLE_BADGE } from '../../../components/whole-badge';
import { businessSoftware } from '../software-groups';
import {
  ClampedText,
  DecisionMakerCell,
  dash,
  EnrichmentStateBadge,
  FromWebsite,
  ShortDate,
  sourcesOf,
  TierBadge,
  WebsiteLink,
} from './cells';
import { PhoneLink, SuppressedNote } from './drawer-parts';
import { SOURCE_LABELS } from './labels';

export interface ResultsColumnMeta {
  /** The API's sort field behind the column; no sorting without one. */
  sortField?: SortField;
  /** Which way a first click sorts. */
  firstOrder?: 'asc' | 'desc';
  /** The header's words (for "Sort by …"). */
  label?: string;
  /** Cells that should not wrap. */
  isNarrow?: boolean;
  /**
   * The cells' least width in px: a column whose text wraps (the name) keeps a readable width instead of being
   * squeezed to a word a line when the other columns crowd it.
   */
  minWidth?: number;
  /** A header that may break onto two lines (at its hyphen or space) so the column can be narrower than its title. */
  wrapsHeader?: boolean;
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

/** The website column's width: a long domain ends in "…" with the whole address as its title. */
const WEBSITE_MAX_WIDTH = 120;

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
    meta: { sortField: 'name', firstOrder: 'asc', label: 'Name', minWidth: 150 },
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
      return <WebsiteLink business={info.row.original} maw={WEBSITE_MAX_WIDTH} />;
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
      const {
        email,
        website_email: fromSite,
        email_suppressed,
        website_email_suppressed,
      } = info.row.original;
      const shown = email ?? fromSite;
      if (!shown) return email_suppressed || website_email_suppressed ? <SuppressedNote /> : dash;
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
      // Business software only: infrastructure and inferences stay in the drawer.
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
    meta: { wrapsHeader: true },
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
            size="xs"
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
    meta: {
      sortField: 'first_seen_at',
      firstOrder: 'desc',
      label: 'First seen',
      isNarrow: true,
      wrapsHeader: true,
    },
    cell: (info) => <ShortDate iso={info.getValue()} />,
  }),
]);

import type { Business, SortField } from '@argo/contract';
import {
  ActionIcon,
  Badge,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { WHOLE_BADGE } from '../../../components/whole-badge';
import { EnrichmentStateBadge, TierBadge, WebsiteLink } from './cells';
import { columns } from './columns';
import { PhoneLink } from './drawer-parts';
import classes from './ResultsCards.module.css';
import { type ResultsSort, VIRTUALISE_ABOVE } from './ResultsTable';

const CARD_HEIGHT_ESTIMATE = 128;
const OVERSCAN_CARDS = 6;
const CARD_GAP = 8;

/**
 * The orders a phone offers: the table's sortable columns, after the API's default (by id: a stable order, not the
 * order businesses were found in, as ids are random).
 */
const SORT_OPTIONS: { value: SortField; label: string; firstOrder: 'asc' | 'desc' }[] = [
  { value: 'id', label: 'Default order', firstOrder: 'desc' },
  ...columns.flatMap((column) => {
    const meta = column.meta;
    return meta?.sortField
      ? [{ value: meta.sortField, label: meta.label ?? meta.sortField, firstOrder: meta.firstOrder ?? 'asc' }]
      : [];
  }),
];

interface ResultsCardsProps {
  businesses: Business[];
  sort: ResultsSort;
  onSortChange: (sort: ResultsSort) => void;
  /** Selected business ids (kept across pages), as the table's. */
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  onOpenBusiness: (id: string) => void;
  /** The business whose details are open, highlighted. */
  openBusinessId?: string | undefined;
}

/**
 * One page of businesses on a phone: a card each with its key facts (name, website, phone, place and category,
 * ICP tier and score, enrichment state), the selection box, and the table's sorting as a menu. A tap on a card
 * opens the same drawer as a row of the table.
 */
export function ResultsCards({
  businesses,
  sort,
  onSortChange,
  selection,
  onSelectionChange,
  onOpenBusiness,
  openBusinessId,
}: ResultsCardsProps) {
  const selectedHere = businesses.filter((business) => selection[business.id]).length;
  const isAllSelected = businesses.length > 0 && selectedHere === businesses.length;
  const selectPage = (checked: boolean) => {
    const next = { ...selection };
    for (const business of businesses) {
      if (checked) next[business.id] = true;
      else delete next[business.id];
    }
    onSelectionChange(next);
  };
  const select = (id: string, checked: boolean) => {
    const next = { ...selection };
    if (checked) next[id] = true;
    else delete next[id];
    onSelectionChange(next);
  };
  // Pages of 500 or 5,000 draw only the cards in view (the page scrolls, as a phone's list does).
  const isVirtual = businesses.length > VIRTUALISE_ABOVE;
  const listRef = useRef<HTMLUListElement>(null);
  const [listTop, setListTop] = useState(0);
  // Where the list starts on the page (the filters or the selection bar above it come and go): after each render.
  useLayoutEffect(() => {
    if (isVirtual && listRef.current)
      setListTop(listRef.current.getBoundingClientRect().top + window.scrollY);
  });
  const virtualizer = useWindowVirtualizer({
    count: isVirtual ? businesses.length : 0,
    estimateSize: () => CARD_HEIGHT_ESTIMATE + CARD_GAP,
    overscan: OVERSCAN_CARDS,
    scrollMargin: listTop,
    getItemKey: (index) => businesses[index]?.id ?? index,
  });
  const renderCard = (business: Business, index?: number) => (
    <li
      key={business.id}
      data-index={index}
      ref={isVirtual ? virtualizer.measureElement : undefined}
      style={
        isVirtual
          ? {
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              paddingBottom: CARD_GAP,
              transform: `translateY(${(virtualizer.measurementsCache[index ?? 0]?.start ?? 0) - listTop}px)`,
            }
          : { paddingBottom: CARD_GAP }
      }
    >
      <BusinessCard
        business={business}
        isSelected={selection[business.id] === true}
        onSelect={(checked) => select(business.id, checked)}
        isOpen={business.id === openBusinessId}
        onOpen={() => onOpenBusiness(business.id)}
      />
    </li>
  );
  const current = SORT_OPTIONS.find((option) => option.value === sort.sortBy);
  const sortLabel = current?.label ?? sort.sortBy;

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Checkbox
          label="Select page"
          checked={isAllSelected}
          indeterminate={selectedHere > 0 && !isAllSelected}
          onChange={(event) => selectPage(event.currentTarget.checked)}
          size="xs"
        />
        <Group gap={4} wrap="nowrap">
          <Select
            aria-label="Sort by"
            data={SORT_OPTIONS.map(({ value, label }) => ({ value, label }))}
            value={current ? sort.sortBy : null}
            placeholder={sortLabel}
            onChange={(value) => {
              const option = SORT_OPTIONS.find((candidate) => candidate.value === value);
              if (option) onSortChange({ sortBy: option.value, sortOrder: option.firstOrder });
            }}
            allowDeselect={false}
            size="xs"
            w={140}
            comboboxProps={{ withinPortal: true }}
          />
          <ActionIcon
            variant="default"
            size={30}
            aria-label={
              sort.sortOrder === 'asc'
                ? `Sorted by ${sortLabel}, ascending: sort descending`
                : `Sorted by ${sortLabel}, descending: sort ascending`
            }
            onClick={() =>
              onSortChange({ sortBy: sort.sortBy, sortOrder: sort.sortOrder === 'asc' ? 'desc' : 'asc' })
            }
          >
            {sort.sortOrder === 'asc' ? <IconSortAscending size={16} /> : <IconSortDescending size={16} />}
          </ActionIcon>
        </Group>
      </Group>
      <ul
        ref={listRef}
        aria-label="Businesses"
        style={{
          listStyle: 'none',
          padding: 0,
          margin: 0,
          ...(isVirtual ? { position: 'relative', height: virtualizer.getTotalSize() } : {}),
        }}
      >
        {isVirtual
          ? virtualizer.getVirtualItems().map((item) => {
              const business = businesses[item.index];
              return business ? renderCard(business, item.index) : null;
            })
          : businesses.map((business) => renderCard(business))}
      </ul>
    </Stack>
  );
}

function BusinessCard({
  business,
  isSelected,
  onSelect,
  isOpen,
  onOpen,
}: {
  business: Business;
  isSelected: boolean;
  onSelect: (checked: boolean) => void;
  isOpen: boolean;
  onOpen: () => void;
}) {
  const phone = business.phone ?? business.website_phone;
  const place = business.city && (business.region ? `${business.city}, ${business.region}` : business.city);
  const placeAndCategory = [place, business.category].filter(Boolean).join(' · ');
  return (
    <Paper
      withBorder
      p="sm"
      className={classes.card}
      data-testid="business-card"
      data-row-id={business.id}
      data-selected={isSelected}
      data-open={isOpen}
    >
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Checkbox
          className={classes.above}
          aria-label={`Select ${business.name}`}
          checked={isSelected}
          onChange={(event) => onSelect(event.currentTarget.checked)}
          size="sm"
          mt={2}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between" align="flex-start" wrap="nowrap">
            <UnstyledButton
              className={classes.open}
              onClick={onOpen}
              aria-label={`Details of ${business.name}`}
              style={{ minWidth: 0 }}
            >
              <Text fw={600} size="sm" lineClamp={2} data-testid="business-card-name">
                {business.name}
              </Text>
            </UnstyledButton>
            <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
              {business.is_closed && (
                <Badge color="red" variant="light" size="xs" style={WHOLE_BADGE}>
                  Closed
                </Badge>
              )}
              <TierBadge tier={business.icp_tier} score={business.icp_score} />
            </Group>
          </Group>
          {(business.website || phone) && (
            <Group gap="sm" wrap="nowrap" className={classes.above} style={{ minWidth: 0 }}>
              {business.website && (
                <div style={{ minWidth: 0, flex: '0 1 auto' }}>
                  <WebsiteLink business={business} maw="100%" />
                </div>
              )}
              {phone && (
                <Text span size="sm" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                  <PhoneLink phone={phone} />
                </Text>
              )}
            </Group>
          )}
          {placeAndCategory && (
            <Text size="xs" c="dimmed" lineClamp={2} title={placeAndCategory}>
              {placeAndCategory}
            </Text>
          )}
          <Group gap="xs">
            <EnrichmentStateBadge business={business} />
            {!business.phone && business.website_phone && (
              <Text size="xs" c="dimmed">
                phone from its website
              </Text>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

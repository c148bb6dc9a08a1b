import {
  type AttributeColumn,
  EnrichmentState,
  type FilterField,
  type Filters,
  type FilterValue,
  INDUSTRIES,
  type Tier,
} from '@argo/contract';
import {
  Button,
  Chip,
  Group,
  Input,
  MultiSelect,
  Paper,
  Pill,
  RangeSlider,
  SegmentedControl,
  SimpleGrid,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { attributeLabelOf } from '../attributes';
import {
  type ClosedChoice,
  closedFilter,
  closedOf,
  containsOf,
  describeFilter,
  fromList,
  listOf,
  PRESENCE_FIELDS,
  type Presence,
  presenceFilter,
  presenceOf,
  rangeFilter,
  rangeOf,
  withFilter,
} from '../filters';
import { AttributeFilters } from './AttributeFilters';
import { ENRICHMENT_STATE_LABELS, SOURCE_LABELS } from './labels';
import { PeopleFilters } from './PeopleFilters';

const TEXT_DEBOUNCE_MS = 400;
const TIERS: Tier[] = ['A', 'B', 'C', 'D'];

interface FilterPanelProps {
  filters: Filters | undefined;
  onFiltersChange: (filters: Filters | undefined) => void;
  /** Values seen on the page, offered as suggestions. */
  suggestions: { industries: string[]; software: string[] };
  /** The session's imported columns (SessionInfo.attribute_columns), filterable under "From your file". */
  attributeColumns?: readonly AttributeColumn[] | undefined;
}

/**
 * The industry filter offers the fixed taxonomy the analyzers answer with (packages/contract INDUSTRIES), then any
 * other value the results hold (a category from an earlier import, say), so every stored value stays filterable.
 */
export function industryChoices(seen: string[]): string[] {
  const known = new Set<string>(INDUSTRIES);
  return [...INDUSTRIES, ...[...new Set(seen)].filter((value) => !known.has(value)).sort()];
}

/** The filter controls: each one edits the `filters` JSON of the address. */
export function FilterPanel({
  filters,
  onFiltersChange,
  suggestions,
  attributeColumns = [],
}: FilterPanelProps) {
  const set = (field: FilterField, value: FilterValue | undefined) =>
    onFiltersChange(withFilter(filters, field, value));
  const score = rangeOf(filters?.icp_score);
  const [scoreDraft, setScoreDraft] = useState<[number, number]>([score.min, score.max]);
  useEffect(() => setScoreDraft([score.min, score.max]), [score.min, score.max]);

  return (
    <Paper withBorder p="md" id="results-filters">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="md">
        <LabelledGroup label="ICP tier" id="filter-tier-label">
          <Chip.Group
            multiple
            value={listOf(filters?.icp_tier)}
            onChange={(values) => set('icp_tier', fromList(TIERS.filter((tier) => values.includes(tier))))}
          >
            <Group gap={6} mt={4} role="group" aria-labelledby="filter-tier-label">
              {TIERS.map((tier) => (
                <Chip key={tier} value={tier} size="xs" aria-label={`Tier ${tier}`}>
                  {tier}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </LabelledGroup>

        <Input.Wrapper label={`ICP score ${scoreDraft[0]}–${scoreDraft[1]}`}>
          <RangeSlider
            mt="xs"
            min={0}
            max={100}
            step={5}
            minRange={0}
            value={scoreDraft}
            onChange={setScoreDraft}
            onChangeEnd={([min, max]) => set('icp_score', rangeFilter({ min, max }))}
            thumbFromLabel="Lowest ICP score"
            thumbToLabel="Highest ICP score"
            label={null}
          />
        </Input.Wrapper>

        <TagsInput
          label="Industry"
          placeholder="Any industry"
          data={industryChoices(suggestions.industries)}
          value={listOf(filters?.industry)}
          onChange={(values) => set('industry', fromList(values))}
          clearable
        />

        <TagsInput
          label="Software"
          placeholder="e.g. WordPress"
          data={suggestions.software}
          value={listOf(filters?.software)}
          onChange={(values) => set('software', fromList(values))}
          clearable
        />

        <CityFilter
          value={containsOf(filters?.city)}
          onChange={(city) => set('city', city ? { contains: city } : undefined)}
        />

        <LabelledGroup label="Hiring" id="filter-hiring-label">
          <SegmentedControl
            fullWidth
            size="xs"
            aria-labelledby="filter-hiring-label"
            value={filters?.hiring === true ? 'yes' : filters?.hiring === false ? 'no' : 'any'}
            onChange={(value) => set('hiring', value === 'yes' ? true : value === 'no' ? false : undefined)}
            data={[
              { value: 'any', label: 'Any' },
              { value: 'yes', label: 'Hiring' },
              { value: 'no', label: 'Not hiring' },
            ]}
          />
        </LabelledGroup>

        <PeopleFilters filters={filters} set={set} />

        <LabelledGroup label="Closed businesses" id="filter-closed-label">
          <SegmentedControl
            fullWidth
            size="xs"
            aria-labelledby="filter-closed-label"
            value={closedOf(filters)}
            onChange={(value) => set('is_closed', closedFilter(value as ClosedChoice))}
            data={[
              { value: 'hide', label: 'Hide' },
              { value: 'show', label: 'Show' },
              { value: 'only', label: 'Only' },
            ]}
          />
        </LabelledGroup>

        <MultiSelect
          label="Source"
          placeholder="Any source"
          data={Object.entries(SOURCE_LABELS).map(([value, label]) => ({ value, label }))}
          value={listOf(filters?.source)}
          onChange={(values) => set('source', fromList(values))}
          clearable
        />

        <MultiSelect
          label="Enrichment"
          placeholder="Any state"
          data={EnrichmentState.options.map((state) => ({
            value: state,
            label: ENRICHMENT_STATE_LABELS[state],
          }))}
          value={listOf(filters?.enrichment_state)}
          onChange={(values) => set('enrichment_state', fromList(values))}
          clearable
        />

        {PRESENCE_FIELDS.map((field) => {
          const label = { website: 'Website', email: 'Email', phone: 'Phone' }[field];
          const id = `filter-${field}-label`;
          return (
            <LabelledGroup key={field} label={label} id={id}>
              <SegmentedControl
                fullWidth
                size="xs"
                aria-labelledby={id}
                value={presenceOf(filters?.[field])}
                onChange={(value) => set(field, presenceFilter(value as Presence))}
                data={[
                  { value: 'any', label: 'Any' },
                  { value: 'yes', label: `Has ${label.toLowerCase()}` },
                  { value: 'no', label: 'Missing' },
                ]}
              />
            </LabelledGroup>
          );
        })}
      </SimpleGrid>
      <AttributeFilters columns={attributeColumns} filters={filters} onFiltersChange={onFiltersChange} />
    </Paper>
  );
}

function CityFilter({ value, onChange }: { value: string; onChange: (city: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const apply = useDebouncedCallback((city: string) => onChange(city.trim()), TEXT_DEBOUNCE_MS);
  return (
    <TextInput
      label="City"
      placeholder="Any city"
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
    />
  );
}

/** The filters in force, each removable, and "Clear filters". */
export function ActiveFilters({
  filters,
  onFiltersChange,
  attributeColumns = [],
}: Pick<FilterPanelProps, 'filters' | 'onFiltersChange' | 'attributeColumns'>) {
  const entries = Object.entries(filters ?? {}) as [FilterField, FilterValue][];
  if (entries.length === 0) return null;
  return (
    <Group gap="xs" aria-label="Filters in use" role="list">
      {entries.map(([field, value]) => {
        // A column of the imported file is named by its header.
        const text = describeFilter(field, value, attributeLabelOf(field, attributeColumns));
        return (
          <Pill
            key={field}
            role="listitem"
            withRemoveButton
            onRemove={() => onFiltersChange(withFilter(filters, field, undefined))}
            // Mantine hides the remove button from keyboards and screen readers by default; this one is the way to remove.
            removeButtonProps={{ 'aria-label': `Remove filter ${text}`, 'aria-hidden': false, tabIndex: 0 }}
          >
            {text}
          </Pill>
        );
      })}
      <Button variant="subtle" size="compact-sm" onClick={() => onFiltersChange(undefined)}>
        Clear filters
      </Button>
    </Group>
  );
}

/** A label over a group of controls (chips, segments); the controls name it with aria-labelledby. */
function LabelledGroup({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <div>
      <Input.Label component="div" id={id}>
        {label}
      </Input.Label>
      {children}
    </div>
  );
}

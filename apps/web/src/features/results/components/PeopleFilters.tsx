import {
  type FilterField,
  type Filters,
  type FilterValue,
  SENIORITIES,
  SENIORITY_LABELS,
} from '@argo/contract';
import { Input, MultiSelect, SegmentedControl } from '@mantine/core';
import { EMAIL_KIND_LABELS, fromList, listOf } from '../filters';

interface PeopleFiltersProps {
  filters: Filters | undefined;
  set: (field: FilterField, value: FilterValue | undefined) => void;
}

/**
 * The people filters of /results: a decision-maker found or not, the seniorities the site names, and
 * the kinds of address found. Cells of the filter grid (a fragment, so they line up with the others).
 */
export function PeopleFilters({ filters, set }: PeopleFiltersProps) {
  const decisionMaker =
    filters?.decision_maker === true ? 'yes' : filters?.decision_maker === false ? 'no' : 'any';
  return (
    <>
      <div>
        <Input.Label component="div" id="filter-decision-maker-label">
          Decision-maker
        </Input.Label>
        <SegmentedControl
          fullWidth
          size="xs"
          aria-labelledby="filter-decision-maker-label"
          value={decisionMaker}
          onChange={(value) =>
            set('decision_maker', value === 'yes' ? true : value === 'no' ? false : undefined)
          }
          data={[
            { value: 'any', label: 'Any' },
            { value: 'yes', label: 'Found' },
            { value: 'no', label: 'None named' },
          ]}
        />
      </div>
      <MultiSelect
        label="Seniority"
        placeholder="Anyone named"
        data={SENIORITIES.map((value) => ({ value, label: SENIORITY_LABELS[value] }))}
        value={listOf(filters?.seniority)}
        onChange={(values) => set('seniority', fromList(values))}
        clearable
      />
      <MultiSelect
        label="Email kind"
        placeholder="Any address"
        data={Object.entries(EMAIL_KIND_LABELS).map(([value, label]) => ({ value, label }))}
        value={listOf(filters?.email_kind)}
        onChange={(values) => set('email_kind', fromList(values))}
        clearable
      />
    </>
  );
}

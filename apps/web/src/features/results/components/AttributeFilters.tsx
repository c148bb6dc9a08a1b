import type { AttributeColumn, Filters, FilterValue } from '@argo/contract';
import { Group, Input, SegmentedControl, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { attributeColumnId, boundsFilter, boundsOf, withAttributeFilter } from '../attributes';
import { containsOf } from '../filters';

const TEXT_DEBOUNCE_MS = 400;

interface AttributeFiltersProps {
  columns: readonly AttributeColumn[];
  filters: Filters | undefined;
  onFiltersChange: (filters: Filters | undefined) => void;
}

/**
 * Filters on the imported file's own columns ("From your file"), one control per column by its type: numbers and
 * dates from–to, booleans any/yes/no, text contains. Each edits `filters["attr.<key>"]` of the address.
 */
export function AttributeFilters({ columns, filters, onFiltersChange }: AttributeFiltersProps) {
  if (columns.length === 0) return null;
  return (
    <section aria-labelledby="filter-file-columns">
      <Text size="sm" fw={600} mt="md" mb="xs" id="filter-file-columns">
        From your file
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="md">
        {columns.map((column) => (
          <AttributeFilter
            key={column.key}
            column={column}
            filters={filters}
            onChange={(value) => onFiltersChange(withAttributeFilter(filters, column, value))}
          />
        ))}
      </SimpleGrid>
    </section>
  );
}

function AttributeFilter({
  column,
  filters,
  onChange,
}: {
  column: AttributeColumn;
  filters: Filters | undefined;
  onChange: (value: FilterValue | undefined) => void;
}) {
  const value = filters?.[attributeColumnId(column)];
  const label = column.label || column.key;
  if (column.type === 'boolean') {
    const id = `filter-attr-${column.key}-label`;
    return (
      <div>
        <Input.Label component="div" id={id}>
          {label}
        </Input.Label>
        <SegmentedControl
          fullWidth
          size="xs"
          aria-labelledby={id}
          value={value === true ? 'yes' : value === false ? 'no' : 'any'}
          onChange={(choice) => onChange(choice === 'yes' ? true : choice === 'no' ? false : undefined)}
          data={[
            { value: 'any', label: 'Any' },
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
        />
      </div>
    );
  }
  if (column.type === 'text') {
    return (
      <DebouncedText
        label={label}
        placeholder="Contains …"
        value={containsOf(value)}
        onChange={(text) => onChange(text ? { contains: text } : undefined)}
      />
    );
  }
  return <RangeFilter column={column} label={label} value={value} onChange={onChange} />;
}

/** From–to of a number or date column, applied a moment after typing stops (or at once on Enter or leaving). */
function RangeFilter({
  column,
  label,
  value,
  onChange,
}: {
  column: AttributeColumn;
  label: string;
  value: FilterValue | undefined;
  onChange: (value: FilterValue | undefined) => void;
}) {
  const [draft, setDraft] = useState(() => boundsOf(value));
  // The address changed by something else (a chip removed, "Clear filters"): the inputs follow it. A change this
  // input sent itself is not copied back, so typing on after a debounced send never loses a character.
  const valueKey = JSON.stringify(value ?? null);
  const sent = useRef(valueKey);
  useEffect(() => {
    if (valueKey === sent.current) return;
    sent.current = valueKey;
    setDraft(boundsOf(JSON.parse(valueKey) as FilterValue | undefined));
  }, [valueKey]);
  const send = (next: typeof draft) => {
    const filter = boundsFilter(column, next);
    sent.current = JSON.stringify(filter ?? null);
    onChange(filter);
  };
  const apply = useDebouncedCallback(send, TEXT_DEBOUNCE_MS);
  const isDate = column.type === 'date';
  const input = (end: 'from' | 'to') => (
    <TextInput
      type={isDate ? 'date' : 'text'}
      inputMode={isDate ? undefined : 'decimal'}
      aria-label={`${label} ${end === 'from' ? 'from' : 'to'}`}
      placeholder={end === 'from' ? 'Min' : 'Max'}
      value={draft[end]}
      error={
        !isDate && draft[end].trim() !== '' && !Number.isFinite(Number(draft[end]))
          ? 'Not a number'
          : undefined
      }
      onChange={(event) => {
        const next = { ...draft, [end]: event.currentTarget.value };
        setDraft(next);
        apply(next);
      }}
      onBlur={() => {
        apply.cancel?.();
        send(draft);
      }}
      // Shrinks with its cell, and wraps under "from" when two dates do not fit side by side (a date input's own
      // width overflowed a quarter of a 1366 px window onto the next filter).
      style={{ flex: '1 1 9rem', minWidth: 0 }}
    />
  );
  return (
    <Input.Wrapper label={label} component="div">
      <Group gap={6} wrap="wrap" align="flex-start">
        {input('from')}
        <Text size="sm" c="dimmed" mt={6}>
          –
        </Text>
        {input('to')}
      </Group>
    </Input.Wrapper>
  );
}

function DebouncedText({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
}) {
  const [text, setText] = useState(value);
  // As RangeFilter: only a change from elsewhere replaces what is typed.
  const sent = useRef(value);
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);
  const apply = useDebouncedCallback((next: string) => {
    sent.current = next.trim();
    onChange(next.trim());
  }, TEXT_DEBOUNCE_MS);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
    />
  );
}

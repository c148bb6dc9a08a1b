import type { Venture } from '@argo/contract';
import { Select, Text } from '@mantine/core';
import { AnchorLink } from '../../../components/links';

const NO_VENTURE = 'none';

interface VenturePickerProps {
  ventures: Venture[] | undefined;
  isLoading: boolean;
  /** null: no venture. */
  value: string | null;
  onChange: (ventureId: string | null) => void;
}

/** Which venture the new session is for (its ICP scores the results later); "No venture" is fine too. */
export function VenturePicker({ ventures, isLoading, value, onChange }: VenturePickerProps) {
  const data = [
    { value: NO_VENTURE, label: 'No venture' },
    ...(ventures ?? []).map((venture) => ({ value: venture.venture_id, label: venture.name })),
  ];
  return (
    <Select
      label="Venture"
      description={
        <Text span size="xs" c="dimmed">
          The results are scored against its ideal customer profile.{' '}
          <AnchorLink to="/ventures" size="xs">
            {ventures && ventures.length > 0 ? 'Manage ventures' : 'Create a venture'}
          </AnchorLink>
        </Text>
      }
      data={data}
      value={value ?? NO_VENTURE}
      onChange={(next) => onChange(next && next !== NO_VENTURE ? next : null)}
      allowDeselect={false}
      disabled={isLoading}
      placeholder={isLoading ? 'Loading ventures…' : undefined}
      w={{ base: '100%', sm: 340 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

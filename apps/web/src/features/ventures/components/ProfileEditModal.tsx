import type { Icp, IcpProfile } from '@argo/contract';
import {
  Alert,
  Button,
  Group,
  Input,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { profileErrorMessage, useUpdateProfile } from '../profiles-api';
import type { TagField } from '../venture-form';

const TAG_INPUTS: { field: TagField; label: string }[] = [
  { field: 'industries', label: 'Industries' },
  { field: 'locations', label: 'Locations' },
  { field: 'keywords', label: 'Keywords' },
  { field: 'exclude_keywords', label: 'Exclude keywords' },
  { field: 'software_signals', label: 'Software signals' },
];

type Hiring = 'any' | 'hiring' | 'not_hiring';
const toHiring = (signal: boolean | null): Hiring =>
  signal === true ? 'hiring' : signal === false ? 'not_hiring' : 'any';
const toCount = (value: number | string): number | null =>
  value === '' || !Number.isFinite(Number(value)) ? null : Number(value);

/** Rename a saved ICP profile, change its criteria or its "why" (PUT /icp/profiles/:id). */
export function ProfileEditModal({ profile, onClose }: { profile: IcpProfile; onClose: () => void }) {
  const update = useUpdateProfile(profile.venture_id);
  const [name, setName] = useState(profile.name);
  const [why, setWhy] = useState(profile.why);
  const [tags, setTags] = useState<Record<TagField, string[]>>({
    industries: profile.criteria.industries,
    locations: profile.criteria.locations,
    keywords: profile.criteria.keywords,
    exclude_keywords: profile.criteria.exclude_keywords,
    software_signals: profile.criteria.software_signals,
  });
  const [employeeMin, setEmployeeMin] = useState<number | string>(profile.criteria.employee_min ?? '');
  const [employeeMax, setEmployeeMax] = useState<number | string>(profile.criteria.employee_max ?? '');
  const [hiring, setHiring] = useState<Hiring>(toHiring(profile.criteria.hiring_signal));
  const [problem, setProblem] = useState<string | null>(null);

  const min = toCount(employeeMin);
  const max = toCount(employeeMax);
  const rangeError = min !== null && max !== null && min > max ? 'Must be at least the minimum.' : null;

  const save = () => {
    if (!name.trim()) {
      setProblem('Enter a name for the profile.');
      return;
    }
    if (rangeError) {
      setProblem('Fix the employee range, then save again.');
      return;
    }
    setProblem(null);
    const criteria: Icp = {
      ...tags,
      employee_min: min,
      employee_max: max,
      hiring_signal: hiring === 'any' ? null : hiring === 'hiring',
    };
    update.mutate(
      { id: profile.id, body: { name: name.trim(), why: why.trim(), criteria } },
      {
        onSuccess: onClose,
        onError: (error) => setProblem(profileErrorMessage(error)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Edit “${profile.name}”`} size="lg">
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Textarea
          label="Why they fit"
          rows={3}
          value={why}
          onChange={(event) => setWhy(event.currentTarget.value)}
        />
        {TAG_INPUTS.map(({ field, label }) => (
          <TagsInput
            key={field}
            label={label}
            clearable
            value={tags[field]}
            onChange={(values) => setTags((current) => ({ ...current, [field]: values }))}
          />
        ))}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            label="Minimum employees"
            min={0}
            allowNegative={false}
            allowDecimal={false}
            value={employeeMin}
            onChange={setEmployeeMin}
          />
          <NumberInput
            label="Maximum employees"
            min={0}
            allowNegative={false}
            allowDecimal={false}
            value={employeeMax}
            onChange={setEmployeeMax}
            error={rangeError}
          />
        </SimpleGrid>
        <Input.Wrapper label="Hiring signal">
          <SegmentedControl
            data={[
              { label: 'Does not matter', value: 'any' },
              { label: 'Hiring', value: 'hiring' },
              { label: 'Not hiring', value: 'not_hiring' },
            ]}
            value={hiring}
            onChange={(value) => setHiring(value as Hiring)}
            aria-label="Hiring signal"
            mt={4}
            fullWidth
          />
        </Input.Wrapper>
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button onClick={save} loading={update.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { DISCOVERY_LIMIT } from '@argo/contract';
import {
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMapPin, IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { describeStartError } from '../../../lib/start-error';
import { type ScrapeInput, useStartSearch } from '../api';
import { COMMON_CATEGORIES, searchSessionName } from '../categories';
import { StartCard } from './StartCard';

interface FindBusinessesValues {
  query: string;
  location: string;
  /** NumberInput gives '' when empty. */
  radius_km: number | string;
  limit: number | string;
}

const FORM_FIELDS = ['query', 'location', 'radius_km', 'limit'] as const;

/** Category + place → businesses (OpenStreetMap, and Google Places when the server has a key). */
export function FindBusinessesCard({ ventureId }: { ventureId: string | null }) {
  const navigate = useNavigate();
  const startSearch = useStartSearch();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FindBusinessesValues>({
    initialValues: { query: '', location: '', radius_km: '', limit: DISCOVERY_LIMIT.default },
    validate: {
      query: (value) => (value.trim() ? null : 'Enter a category, e.g. dentist'),
      location: (value) => (value.trim() ? null : 'Enter a place, e.g. Austin, TX'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const body: ScrapeInput = {
      name: searchSessionName(values.query, values.location),
      venture_id: ventureId,
      query: values.query.trim(),
      location: values.location.trim(),
      limit: typeof values.limit === 'number' ? values.limit : DISCOVERY_LIMIT.default,
      ...(typeof values.radius_km === 'number' ? { radius_km: values.radius_km } : {}),
    };
    try {
      const session = await startSearch.mutateAsync(body);
      await navigate({ to: '/discovery-processing', search: { session_id: session.id } });
    } catch (error) {
      const problem = describeStartError(error, 'The search could not be started. Try again.');
      const field = FORM_FIELDS.find((name) => name === problem.field);
      if (field) form.setFieldError(field, problem.message);
      else setFormError(problem.message);
    }
  });

  const preview =
    form.values.query.trim() && form.values.location.trim()
      ? searchSessionName(form.values.query, form.values.location)
      : null;

  return (
    <StartCard
      title="Find businesses"
      description="Businesses of a category in a place, with their websites and phone numbers."
      icon={<IconMapPin size={20} />}
      footer={
        <>
          Map data ©{' '}
          <Anchor href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer" size="xs">
            OpenStreetMap contributors
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Find businesses">
        <Stack gap="sm">
          <Autocomplete
            label="Category"
            placeholder="dentist, plumber, bakery…"
            data={COMMON_CATEGORIES as unknown as string[]}
            limit={8}
            required
            {...form.getInputProps('query')}
          />
          <TextInput
            label="Location"
            placeholder="Austin, TX"
            description="A city, district or address"
            required
            {...form.getInputProps('location')}
          />
          <Group grow align="flex-start">
            <NumberInput
              label="Radius (km)"
              placeholder="Whole place"
              min={0.1}
              max={100}
              decimalScale={1}
              {...form.getInputProps('radius_km')}
            />
            <NumberInput
              label="At most"
              description="businesses"
              min={1}
              max={DISCOVERY_LIMIT.max}
              allowDecimal={false}
              thousandSeparator=","
              {...form.getInputProps('limit')}
            />
          </Group>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Button type="submit" leftSection={<IconSearch size={16} />} loading={startSearch.isPending}>
            Find businesses
          </Button>
          {preview && (
            <Text size="xs" c="dimmed">
              Saved as “{preview}”
            </Text>
          )}
        </Stack>
      </form>
    </StartCard>
  );
}

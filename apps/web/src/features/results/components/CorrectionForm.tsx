import type { Business, CorrectableField, CorrectBusinessBody } from '@argo/contract';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { isApiError, readErrorDetail } from '../../../lib/api-error';

type Values = Record<CorrectableField, string>;

/** The inputs, in the order the drawer lists the facts; the website's hint says what one looks like. */
const INPUTS: { field: CorrectableField; label: string; placeholder?: string; wide?: boolean }[] = [
  { field: 'name', label: 'Name', wide: true },
  { field: 'website', label: 'Website', placeholder: 'example.com or https://example.com', wide: true },
  { field: 'phone', label: 'Phone', placeholder: '+44 20 7946 0958' },
  { field: 'email', label: 'Email', placeholder: 'info@example.com' },
  { field: 'address', label: 'Street address', placeholder: '12 High Street', wide: true },
  { field: 'postal_code', label: 'Postcode' },
  { field: 'city', label: 'City' },
  { field: 'country', label: 'Country', placeholder: 'GB or United Kingdom' },
];

const valuesOf = (business: Business): Values => ({
  name: business.name,
  website: business.website ?? '',
  phone: business.phone ?? '',
  email: business.email ?? '',
  address: business.address ?? '',
  postal_code: business.postal_code ?? '',
  city: business.city ?? '',
  country: business.country ?? '',
});

/** The fields the user changed, blank ones cleared (null); the name cannot be cleared (a client rule says so). */
function changedFields(business: Business, values: Values): CorrectBusinessBody {
  const before = valuesOf(business);
  const body: Record<string, string | null> = {};
  for (const { field } of INPUTS) {
    const value = values[field].trim();
    if (value === before[field].trim()) continue;
    body[field] = value === '' && field !== 'name' ? null : value;
  }
  return body as CorrectBusinessBody;
}

/** "website: "x" is not a web address; …" → "Is not a web address; …" (the input shows which field). */
function fieldMessage(field: string, message: string | undefined): string {
  const text = message?.startsWith(`${field}:`) ? message.slice(field.length + 1).trim() : (message ?? '');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Check this field.';
}

interface CorrectionFormProps {
  business: Business;
  /** Sends the changed fields; rejects with the API's error. */
  onSave: (body: CorrectBusinessBody) => Promise<unknown>;
  onDone: () => void;
}

/**
 * Corrects a business's own facts in the drawer: only the changed fields are sent; the API reads them as an import
 * does and answers a field's error beside its input.
 */
export function CorrectionForm({ business, onSave, onDone }: CorrectionFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const form = useForm<Values>({
    initialValues: valuesOf(business),
    validate: {
      name: (value) => (value.trim() ? null : 'Enter the name of the business.'),
      website: (value) =>
        /\s/.test(value.trim())
          ? 'A web address has no spaces, e.g. example.com or https://example.com.'
          : null,
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const body = changedFields(business, values);
    if (Object.keys(body).length === 0) {
      setFormError('Nothing was changed: edit a field, or cancel.');
      return;
    }
    setSaving(true);
    try {
      await onSave(body);
      onDone();
    } catch (error) {
      const detail = isApiError(error) ? readErrorDetail(error.data) : {};
      const field = detail.field as CorrectableField | undefined;
      if (isApiError(error, 400) && field && INPUTS.some((input) => input.field === field)) {
        form.setFieldError(field, fieldMessage(field, detail.message));
        setFormError('Not saved: fix the marked field.');
      } else {
        setFormError(
          detail.message ?? (error instanceof Error ? error.message : 'The correction could not be saved.'),
        );
      }
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Correct details">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Your corrections are kept when the business is enriched again or found again by another source.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {INPUTS.map(({ field, label, placeholder, wide }) => (
            <TextInput
              key={field}
              label={label}
              placeholder={placeholder}
              required={field === 'name'}
              style={wide ? { gridColumn: '1 / -1' } : undefined}
              {...form.getInputProps(field)}
            />
          ))}
        </SimpleGrid>
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            Save corrections
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

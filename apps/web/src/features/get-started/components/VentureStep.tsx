import type { Preview } from '@argo/contract';
import { Alert, Button, Group, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { isApiError, readErrorDetail } from '../../../lib/api-error';
import { useCreatePreview } from '../api';

const FORM_FIELDS = ['name', 'website', 'description', 'industries', 'locations'] as const;
type FormField = (typeof FORM_FIELDS)[number];

interface VentureStepProps {
  /** The stored preview, whose venture fills the form when the visitor comes back to change it. */
  preview: Preview | null;
  onPreviewed: (preview: Preview) => void;
}

/** The message of a failed preview: the API's own words (e.g. "… Try again in 42 minutes."), else the error's. */
function describeError(error: unknown): string {
  if (isApiError(error)) {
    const message = readErrorDetail(error.data).message;
    if (message) return message;
  }
  return error instanceof Error && error.message
    ? error.message
    : 'The preview could not be made. Try again.';
}

/** Step 1: the visitor describes their venture; submitting stores the preview (POST /get-started/preview). */
export function VentureStep({ preview, onPreviewed }: VentureStepProps) {
  const createPreview = useCreatePreview();
  const [formError, setFormError] = useState<string | null>(null);
  const venture = preview?.venture;
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: {
      name: venture?.name ?? '',
      website: venture?.website ?? '',
      description: venture?.description ?? '',
      industries: venture?.industries ?? [],
      locations: venture?.locations ?? [],
    },
    validate: {
      name: (value) => (value.trim() ? null : 'Enter the name of your venture.'),
      description: (value) => (value.trim() ? null : 'Say who you sell to and what you sell.'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await createPreview.mutateAsync({
        name: values.name.trim(),
        website: values.website.trim() || null,
        description: values.description.trim(),
        industries: values.industries,
        locations: values.locations,
      });
      onPreviewed(answer);
    } catch (error) {
      const detail = isApiError(error) ? readErrorDetail(error.data) : {};
      // The API names nested fields `venture.<field>` (or `venture.industries.1`) and words it "<field>: …".
      const field = detail.field?.split('.')[1] as FormField | undefined;
      if (isApiError(error, 400) && field && FORM_FIELDS.includes(field)) {
        form.setFieldError(field, detail.message?.replace(/^[\w.]+:\s*/, '') ?? 'Check this field.');
      } else {
        setFormError(describeError(error));
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {formError && (
          <Alert color="red" variant="light" role="alert" title="No preview this time">
            {formError}
          </Alert>
        )}
        <TextInput
          label="Venture name"
          placeholder="Ledgerly"
          required
          autoFocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Website"
          placeholder="ledgerly.com"
          autoComplete="url"
          key={form.key('website')}
          {...form.getInputProps('website')}
        />
        <Textarea
          label="Who you sell to and what you sell"
          description="For example: bookkeeping for independent dental practices."
          required
          minRows={3}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <TagsInput
          label="Industries of your customers"
          description="Press Enter after each one."
          placeholder="Dentists"
          clearable
          key={form.key('industries')}
          {...form.getInputProps('industries')}
        />
        <TagsInput
          label="Locations"
          description="Cities or regions where your customers are."
          placeholder="Austin, TX"
          clearable
          key={form.key('locations')}
          {...form.getInputProps('locations')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={createPreview.isPending}>
            Preview matching businesses
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

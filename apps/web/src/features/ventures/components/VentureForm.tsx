import type { Venture } from '@argo/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { isApiError, readErrorDetail } from '../../../lib/api-error';
import { useCreateVenture, useUpdateVenture } from '../api';
import {
  type TagField,
  toFieldMessage,
  toFormPath,
  toFormValues,
  toVentureBody,
  type VentureFormValues,
  ventureFormRules,
} from '../venture-form';
import { TeamEditor } from './TeamEditor';

const TAG_INPUTS: {
  field: TagField;
  label: string;
  hint: string;
  placeholder: string;
  splitChars?: string[];
}[] = [
  {
    field: 'industries',
    label: 'Industries',
    hint: 'What your ideal customers do. Press Enter after each one.',
    placeholder: 'Dentists, Accounting firms',
  },
  {
    field: 'locations',
    label: 'Locations',
    hint: 'Cities, regions or countries where they are. Press Enter after each one.',
    placeholder: 'Austin, TX',
    // Places have commas of their own ("Austin, TX").
    splitChars: [';'],
  },
  {
    field: 'keywords',
    label: 'Keywords',
    hint: 'Words in how they describe themselves (name, category, services, the summary of their website); each match raises the fit score.',
    placeholder: 'family practice',
  },
  {
    field: 'exclude_keywords',
    label: 'Exclude keywords',
    hint: 'Businesses whose websites use these do not fit.',
    placeholder: 'franchise',
  },
  {
    field: 'software_signals',
    label: 'Software signals',
    hint: 'Software they run that suggests a fit.',
    placeholder: 'QuickBooks',
  },
];

const HIRING_CHOICES = [
  { label: 'Any', value: 'any' },
  { label: 'Hiring', value: 'hiring' },
  { label: 'Not hiring', value: 'not_hiring' },
];

interface VentureFormProps {
  /** The venture to edit; a new venture without it. */
  venture?: Venture | undefined;
  onSaved: (venture: Venture) => void;
  onCancel: () => void;
}

/** Create or edit a venture: what it sells, its ideal customer profile and its team. */
export function VentureForm({ venture, onSaved, onCancel }: VentureFormProps) {
  const createVenture = useCreateVenture();
  const updateVenture = useUpdateVenture();
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The note under the form says to fix the marked field; on a long form it may be out of sight, so go to it.
  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  const form = useForm<VentureFormValues>({
    initialValues: toFormValues(venture),
    validate: ventureFormRules,
  });

  const showServerError = (error: unknown) => {
    const detail = isApiError(error) ? readErrorDetail(error.data) : {};
    const path = isApiError(error, 400) ? toFormPath(detail.field) : null;
    if (path && detail.field) {
      form.setFieldError(path, toFieldMessage(detail.field, detail.message));
      setFormError('The venture was not saved: fix the marked field.');
      focusFirstError();
      return;
    }
    setFormError(error instanceof Error ? error.message : 'The venture could not be saved. Try again.');
  };

  const submit = form.onSubmit(
    async (values) => {
      setFormError(null);
      const body = toVentureBody(values);
      try {
        const saved = venture
          ? await updateVenture.mutateAsync({ venture_id: venture.venture_id, ...body })
          : await createVenture.mutateAsync(body);
        notifications.show({
          color: 'green',
          title: venture ? 'Venture saved' : 'Venture created',
          message: `${saved.name} is ready for discovery sessions.`,
        });
        onSaved(saved);
      } catch (error) {
        showServerError(error);
      }
    },
    () => {
      setFormError('Fix the marked fields, then save again.');
      focusFirstError();
    },
  );

  const isSaving = createVenture.isPending || updateVenture.isPending;
  const hiring = form.getInputProps('icp.hiring_signal');

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={venture ? 'Edit venture' : 'New venture'}>
      <Stack gap="lg">
        <Stack gap="sm">
          <Title order={3} size="h4">
            About the venture
          </Title>
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Website" placeholder="acme.com" {...form.getInputProps('website')} />
          <Textarea
            label="What it sells"
            description="The product or service, in a sentence or two."
            rows={3}
            {...form.getInputProps('description')}
          />
          <Textarea
            label="Value proposition"
            description="Why a customer buys it: the problem it solves."
            rows={3}
            {...form.getInputProps('value_proposition')}
          />
        </Stack>

        <Stack gap="sm">
          <Title order={3} size="h4">
            Ideal customer profile
          </Title>
          {TAG_INPUTS.map(({ field, label, hint, placeholder, splitChars }) => (
            <TagsInput
              key={field}
              label={label}
              description={hint}
              placeholder={placeholder}
              splitChars={splitChars}
              clearable
              {...form.getInputProps(`icp.${field}`)}
            />
          ))}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label="Minimum employees"
              description="Leave empty for no minimum."
              min={0}
              allowNegative={false}
              allowDecimal={false}
              {...form.getInputProps('icp.employee_min')}
            />
            <NumberInput
              label="Maximum employees"
              description="Leave empty for no maximum."
              min={0}
              allowNegative={false}
              allowDecimal={false}
              {...form.getInputProps('icp.employee_max')}
            />
          </SimpleGrid>
          <Input.Wrapper
            label="Hiring signal"
            description="Hiring: only businesses with open roles. Not hiring: only those without."
            error={hiring.error}
          >
            <SegmentedControl
              data={HIRING_CHOICES}
              value={hiring.value}
              onChange={hiring.onChange}
              aria-label="Hiring signal"
              mt={4}
              fullWidth
            />
          </Input.Wrapper>
          <Checkbox
            label="A reachable decision-maker"
            description="The business's own site names its owner, founder or managing director, with their email or phone."
            {...form.getInputProps('icp.reachable_decision_maker', { type: 'checkbox' })}
          />
        </Stack>

        <TeamEditor form={form} />

        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {venture ? 'Save changes' : 'Create venture'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

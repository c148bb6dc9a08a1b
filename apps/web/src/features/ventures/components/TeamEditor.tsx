import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { emptyPerson, type VentureFormValues } from '../venture-form';

interface TeamEditorProps {
  form: UseFormReturnType<VentureFormValues>;
}

/** The venture's team: one row per person; saving replaces the whole team. */
export function TeamEditor({ form }: TeamEditorProps) {
  const people = form.values.people;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h4">
          Team
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem('people', emptyPerson())}
        >
          Add team member
        </Button>
      </Group>
      {people.length === 0 && (
        <Text size="sm" c="dimmed">
          No team members yet. Add the people who sell this venture; colleagues are linked by their email.
        </Text>
      )}
      {people.map((person, index) => (
        <Fieldset key={person.key} legend={`Team member ${index + 1}`} variant="filled" p="sm">
          <Group align="flex-start" wrap="nowrap" gap="xs">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" style={{ flex: 1 }}>
              <TextInput label="Name" required {...form.getInputProps(`people.${index}.name`)} />
              <TextInput label="Email" type="email" {...form.getInputProps(`people.${index}.email`)} />
              <TextInput
                label="Title"
                placeholder="Founder"
                {...form.getInputProps(`people.${index}.title`)}
              />
              <TextInput
                label="LinkedIn URL"
                placeholder="https://www.linkedin.com/in/…"
                {...form.getInputProps(`people.${index}.linkedin_url`)}
              />
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={24}
              aria-label={`Remove team member ${index + 1}`}
              onClick={() => form.removeListItem('people', index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Fieldset>
      ))}
    </Stack>
  );
}

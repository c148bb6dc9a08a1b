import { Paper, Stack, Text, Title } from '@mantine/core';

interface PlaceholderPageProps {
  title: string;
  /** One line: what this page will do. */
  purpose: string;
}

/** Stands in for a feature screen that is still to be built. */
export function PlaceholderPage({ title, purpose }: PlaceholderPageProps) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="lg">
        <Text>{purpose}</Text>
      </Paper>
    </Stack>
  );
}

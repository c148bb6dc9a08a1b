import { Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { ButtonLink } from '../links';

/** The page for an unknown route; the texts are fixed by the spec. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Container component="main" size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={96} fw={700} c="argo" lh={1}>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" size="lg">
          Sorry, we can't find the page you are looking for.
        </Text>
        <ButtonLink to="/" variant="light" mt="md">
          Go to the home page
        </ButtonLink>
      </Stack>
    </Container>
  );
}

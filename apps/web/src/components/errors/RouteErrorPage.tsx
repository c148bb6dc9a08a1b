import { Alert, Button, Container, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, SearchParamError, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isApiError } from '../../lib/api-error';

function describe(error: unknown): string {
  if (error instanceof SearchParamError) {
    return 'The address of this page has a parameter that is not right. Check the link, or start again from the home page.';
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong while showing this page.';
}

/** The error boundary of every route: says what happened and offers to try again. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorReset = useQueryErrorResetBoundary();

  useEffect(() => {
    queryErrorReset.reset();
  }, [queryErrorReset]);

  const retry = async () => {
    await router.invalidate();
    reset();
  };

  const isNetwork = error instanceof TypeError && /fetch|network/i.test(error.message);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Alert color="red" variant="light" title="This page could not be shown" icon={<IconAlertTriangle />}>
          <Text size="sm">{describe(error)}</Text>
          {isNetwork && (
            <Text size="sm" mt="xs">
              Argo could not be reached. Check your connection, then try again.
            </Text>
          )}
          {isApiError(error) && error.status >= 500 && (
            <Text size="sm" mt="xs">
              The server had a problem. Trying again often helps; if it keeps happening, tell your admin.
            </Text>
          )}
        </Alert>
        <Group>
          <Button onClick={retry}>Try again</Button>
          <Button variant="default" component="a" href="/">
            Go to the home page
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface ErrorStateProps {
  /** What could not be done, e.g. "Sessions could not be loaded". */
  title: string;
  error: unknown;
  /** Shows a "Try again" button. */
  onRetry?: () => void;
  /** True while the retry is under way. */
  isRetrying?: boolean;
}

/** A failed load inside a page: says what happened (the API's message) and offers to try again. */
export function ErrorState({ title, error, onRetry, isRetrying = false }: ErrorStateProps) {
  const message =
    error instanceof Error && error.message ? error.message : 'Something went wrong. Try again in a moment.';
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle />} role="alert">
      <Text size="sm">{message}</Text>
      {onRetry && (
        <Group mt="sm">
          <Button size="xs" variant="white" color="red" onClick={onRetry} loading={isRetrying}>
            Try again
          </Button>
        </Group>
      )}
    </Alert>
  );
}

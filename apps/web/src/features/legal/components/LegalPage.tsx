import { Alert, Button, Skeleton, Stack, Typography } from '@mantine/core';
import Markdown from 'react-markdown';
import { type LegalPageName, useMarkdownPage } from '../api';

/** Renders public/{name}.md (terms, privacy) inside the marketing layout. */
export function LegalPage({ name }: { name: LegalPageName }) {
  const { data, error, isPending, refetch } = useMarkdownPage(name);
  if (isPending) {
    return (
      <Stack aria-busy="true">
        <Skeleton h={36} w="50%" />
        <Skeleton h={16} />
        <Skeleton h={16} />
        <Skeleton h={16} w="80%" />
      </Stack>
    );
  }
  if (error) {
    return (
      <Alert color="red" title="This page could not be loaded">
        {error.message}
        <Button variant="light" size="xs" mt="sm" display="block" onClick={() => refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <Typography>
      <Markdown>{data}</Markdown>
    </Typography>
  );
}

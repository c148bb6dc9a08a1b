import { Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { downloadExport } from '../lib/api-client';

/**
 * Downloads every line an import refused or took in without a value (GET …/import-report): the screens list only
 * the first ones, and a messy file can have thousands.
 */
export function ImportReportButton({ sessionId }: { sessionId: string }) {
  const download = useMutation({ mutationFn: () => downloadExport(sessionId, undefined, 'import-report') });
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconDownload size={14} />}
        loading={download.isPending}
        onClick={() => download.mutate()}
      >
        Download every line (CSV)
      </Button>
      {download.error && (
        <Text size="xs" c="red" role="alert">
          {download.error.message}. Try again.
        </Text>
      )}
    </>
  );
}

import { Alert, Button, CopyButton, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** Backup codes, shown once: each lets the person in once when their authenticator app is not at hand. */
export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" title="Save your backup codes now">
        Each code signs you in once if you lose your phone. Argo shows them only this once: keep them in your
        password manager or print them.
      </Alert>
      <List listStyleType="none" aria-label="Backup codes" p={0} m={0}>
        <SimpleGrid cols={2} spacing={4}>
          {codes.map((code) => (
            <List.Item key={code} ff="monospace" fz="sm">
              {code}
            </List.Item>
          ))}
        </SimpleGrid>
      </List>
      <CopyButton value={codes.join('\n')}>
        {({ copied, copy }) => (
          <Button
            variant="default"
            leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            onClick={copy}
          >
            {copied ? 'Copied' : 'Copy backup codes'}
          </Button>
        )}
      </CopyButton>
      <Text size="xs" c="dimmed">
        New codes replace these ones: you can make new ones in Settings.
      </Text>
    </Stack>
  );
}

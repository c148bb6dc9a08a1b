import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A secret Argo shows this once: the text to copy, a copy button, and why it must be kept now. */
export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      title={label}
      withCloseButton
      closeButtonLabel="I have copied it"
      onClose={onDone}
    >
      <Stack gap="xs">
        <Text size="sm">
          Copy it now and keep it somewhere safe: Argo shows it only this once and cannot show it again.
          Anyone who has it can use it.
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', flex: 1 }} aria-label={label}>
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                <ActionIcon
                  variant="light"
                  onClick={copy}
                  aria-label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

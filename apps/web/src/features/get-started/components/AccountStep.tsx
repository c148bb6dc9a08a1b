import type { Preview } from '@argo/contract';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { ButtonLink } from '../../../components/links';

interface AccountStepProps {
  preview: Preview;
  onBack: () => void;
}

/**
 * Step 3: registering claims the preview. The register flow's organisation step sends this tab's argo-token as
 * `anonymous_token` (features/register/api.ts), so nothing needs to be carried over here.
 */
export function AccountStep({ preview, onBack }: AccountStepProps) {
  const found = preview.businesses.length;
  return (
    <Stack gap="md">
      <Text>Create your free account to keep what you described:</Text>
      <List spacing={4} size="sm">
        <List.Item>
          <b>{preview.venture.name}</b> becomes your first venture, with its industries and locations as your
          ideal customer profile.
        </List.Item>
        {found > 0 && (
          <List.Item>
            The {found} matching {found === 1 ? 'business becomes' : 'businesses become'} your first session.
          </List.Item>
        )}
      </List>
      <Text size="sm" c="dimmed">
        Register in this browser tab, so your new account can pick up this preview.
      </Text>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back to the preview
        </Button>
        <ButtonLink to="/register">Create your account</ButtonLink>
      </Group>
    </Stack>
  );
}

import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useProfile } from '../../../lib/profile';
import { ApiKeysPanel } from './ApiKeysPanel';
import { WebhooksPanel } from './WebhooksPanel';

/** Settings' "API & webhooks": every user's API keys; webhooks for admins. */
export function ApiAccessSection() {
  const profile = useProfile();
  const isAdmin = profile.role === 'admin';
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="api-access-title" maw={760}>
      <Title order={2} size="h4" mb="xs" id="api-access-title">
        API &amp; webhooks
      </Title>
      <Stack gap="lg">
        <div>
          <Text fw={500} mb="xs">
            API keys
          </Text>
          <ApiKeysPanel isAdmin={isAdmin} />
        </div>
        {isAdmin && (
          <>
            <Divider />
            <div>
              <Text fw={500} mb="xs">
                Webhooks
              </Text>
              <WebhooksPanel />
            </div>
          </>
        )}
      </Stack>
    </Paper>
  );
}

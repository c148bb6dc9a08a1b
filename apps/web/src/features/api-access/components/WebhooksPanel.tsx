import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  type WebhookEventType,
  type WebhookSubscription,
} from '@argo/contract';
import { Alert, Button, Checkbox, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useCreateWebhook, useDeleteWebhook, useSendTestEvent, webhooksQueryOptions } from '../api';
import { DeliveryLog } from './DeliveryLog';
import { messageOf } from './messages';
import { SecretOnce } from './SecretOnce';

/**
 * The organisation's webhook subscriptions (admins): a URL and the events sent there, signed with a secret shown
 * once; each with its delivery log, "Send test event" and delete.
 */
export function WebhooksPanel() {
  const list = useQuery(webhooksQueryOptions());
  const [deleting, setDeleting] = useState<WebhookSubscription | null>(null);
  const remove = useDeleteWebhook();

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Argo sends a signed JSON POST to your URL when a session finishes or fails, or an enrichment finishes.
        A delivery that fails is tried again for 24 hours. How to check the signature: docs/webhooks.md.
      </Text>
      <CreateWebhookForm />
      {list.isPending && <Loader size="sm" aria-label="Loading webhooks" />}
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          The webhooks could not be loaded. Reload the page to try again.
        </Alert>
      )}
      {list.data && list.data.length === 0 && (
        <Text size="sm" c="dimmed">
          No webhooks yet. Add a URL above to hear about finished sessions in your own tools.
        </Text>
      )}
      {list.data?.map((subscription) => (
        <SubscriptionCard
          key={subscription.id}
          subscription={subscription}
          onDelete={() => {
            remove.reset();
            setDeleting(subscription);
          }}
        />
      ))}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        title="Delete this webhook?"
        confirmLabel="Delete webhook"
        isDanger
        isLoading={remove.isPending}
        error={remove.isError ? messageOf(remove.error) : null}
      >
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          Nothing more is sent to {deleting?.url}, and its delivery log goes with it.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

function SubscriptionCard({
  subscription,
  onDelete,
}: {
  subscription: WebhookSubscription;
  onDelete: () => void;
}) {
  const [isLogOpen, setLogOpen] = useState(false);
  const test = useSendTestEvent();
  return (
    <Paper withBorder p="sm" component="article" aria-label={`Webhook ${subscription.url}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Text size="sm" fw={500} ff="monospace" style={{ wordBreak: 'break-all' }}>
              {subscription.url}
            </Text>
            <Text size="xs" c="dimmed">
              {subscription.events.join(', ')}
              {subscription.description ? ` · ${subscription.description}` : ''}
            </Text>
          </div>
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="light"
              loading={test.isPending}
              onClick={() =>
                test.mutate(subscription.id, {
                  onSuccess: () => {
                    setLogOpen(true);
                    notifications.show({ message: 'Test event queued: see the delivery log.' });
                  },
                })
              }
            >
              Send test event
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setLogOpen(!isLogOpen)}>
              {isLogOpen ? 'Hide deliveries' : 'Deliveries'}
            </Button>
            <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete}>
              Delete
            </Button>
          </Group>
        </Group>
        {test.isError && (
          <Alert color="red" variant="light" role="alert">
            {messageOf(test.error)}
          </Alert>
        )}
        {isLogOpen && <DeliveryLog subscriptionId={subscription.id} />}
      </Stack>
    </Paper>
  );
}

function CreateWebhookForm() {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['session.completed']);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useCreateWebhook();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (made) => {
          setSecret(made.secret);
          setUrl('');
        },
      },
    );
  };

  return (
    <Stack gap="xs">
      <form onSubmit={submit} aria-label="Add a webhook">
        <Stack gap="xs">
          <TextInput
            label="Webhook URL"
            placeholder="https://hooks.example.com/argo"
            required
            type="url"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
          />
          <Checkbox.Group
            label="Events"
            value={events}
            onChange={(value) => setEvents(value as WebhookEventType[])}
          >
            <Stack gap={4} mt={4}>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={type} description={WEBHOOK_EVENTS[type]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={create.isPending} disabled={!url.trim() || events.length === 0}>
              Add webhook
            </Button>
          </Group>
        </Stack>
      </form>
      {create.isError && (
        <Alert color="red" variant="light" role="alert">
          {messageOf(create.error)}
        </Alert>
      )}
      {secret && <SecretOnce label="Signing secret" secret={secret} onDone={() => setSecret(null)} />}
    </Stack>
  );
}

import type { PendingInvitation } from '@argo/contract';
import { Alert, Button, Card, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError, readErrorDetail } from '../../../lib/api-error';
import { pendingInvitationsQueryOptions, useAcceptInvitation, useDeclineInvitation } from '../api';

/** The API's own sentence ("This invitation is no longer open: …"), without the "Server error (404)" prefix. */
function describeError(error: unknown, fallback: string): string {
  if (isApiError(error)) return readErrorDetail(error.data).message ?? error.message;
  return error instanceof Error ? error.message : fallback;
}

/**
 * Where a signed-in person without an organisation lands: the invitations waiting for them, each to accept (they
 * join that organisation) or decline (it is gone). Nothing joins them without this. Shows
 * nothing when there are none; the form to create their own organisation stays below either way.
 */
export function PendingInvitations() {
  const invitations = useQuery(pendingInvitationsQueryOptions());

  if (invitations.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Looking for invitations to your address…
        </Text>
      </Group>
    );
  }
  if (invitations.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="Your invitations could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{describeError(invitations.error, 'Something went wrong.')}</Text>
          <Button size="xs" variant="light" onClick={() => void invitations.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (invitations.data.length === 0) return null;

  return (
    <Stack gap="sm">
      <Text fw={600} id="pending-invitations">
        {invitations.data.length === 1 ? 'You are invited' : 'You are invited to these organisations'}
      </Text>
      <Stack
        gap="sm"
        component="ul"
        aria-labelledby="pending-invitations"
        style={{ listStyle: 'none' }}
        p={0}
      >
        {invitations.data.map((invitation) => (
          <InvitationCard key={invitation.id} invitation={invitation} />
        ))}
      </Stack>
      <Divider label="or create your own organisation" labelPosition="center" />
    </Stack>
  );
}

function InvitationCard({ invitation }: { invitation: PendingInvitation }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const [error, setError] = useState<string | null>(null);
  const isBusy = accept.isPending || decline.isPending;

  const onAccept = async () => {
    setError(null);
    try {
      await accept.mutateAsync(invitation);
      await navigate({ to: '/landing', replace: true });
    } catch (failure) {
      setError(describeError(failure, 'The invitation could not be accepted.'));
    }
  };
  const onDecline = async () => {
    setError(null);
    try {
      await decline.mutateAsync(invitation);
    } catch (failure) {
      setError(describeError(failure, 'The invitation could not be declined.'));
    }
  };

  return (
    <Card withBorder padding="sm" component="li" aria-label={`Invitation to ${invitation.account_name}`}>
      <Stack gap="xs">
        <div>
          <Text fw={500}>{invitation.account_name}</Text>
          <Text size="sm" c="dimmed">
            {invitation.invited_by ? `${invitation.invited_by} invited you` : 'You were invited'} as{' '}
            {invitation.role === 'admin' ? 'an admin' : 'a member'}.
          </Text>
        </div>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            onClick={onAccept}
            loading={accept.isPending}
            disabled={isBusy && !accept.isPending}
            aria-label={`Accept the invitation to ${invitation.account_name}`}
          >
            Accept
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={onDecline}
            loading={decline.isPending}
            disabled={isBusy && !decline.isPending}
            aria-label={`Decline the invitation to ${invitation.account_name}`}
          >
            Decline
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

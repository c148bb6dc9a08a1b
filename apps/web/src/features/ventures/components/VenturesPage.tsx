import type { Venture } from '@argo/contract';
import {
  Alert,
  Button,
  Drawer,
  EmptyState,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPlus, IconRocket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useProfile } from '../../../lib/profile';
import { useDeleteVenture, venturesQueryOptions } from '../api';
import { VentureCard } from './VentureCard';
import { VentureForm } from './VentureForm';

/** Which form the drawer shows: a new venture, or the venture being edited. */
type Editing = { kind: 'new' } | { kind: 'edit'; venture: Venture } | null;

/** /ventures: the ventures the user may see, with their ICP and team; create, edit and (admins) delete. */
export function VenturesPage() {
  const profile = useProfile();
  const isAdmin = profile.role === 'admin';
  const ventures = useQuery(venturesQueryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Venture | null>(null);
  const deleteVenture = useDeleteVenture();

  const closeDelete = () => {
    setDeleting(null);
    deleteVenture.reset();
  };
  const confirmDelete = () => {
    if (!deleting) return;
    deleteVenture.mutate(deleting.venture_id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Venture deleted',
          message: `${deleting.name} is gone.`,
        });
        closeDelete();
      },
    });
  };

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'new' })}>
      New venture
    </Button>
  );

  let content: ReactNode;
  if (ventures.isPending) {
    content = (
      <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true" aria-label="Loading ventures">
        <Skeleton h={200} radius="md" />
        <Skeleton h={200} radius="md" />
      </SimpleGrid>
    );
  } else if (ventures.isError) {
    content = (
      <Alert color="red" variant="light" title="Ventures could not be loaded" icon={<IconAlertTriangle />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{ventures.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => ventures.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (ventures.data.length === 0) {
    content = (
      <EmptyState
        icon={<IconRocket size={28} />}
        variant="light"
        title="No ventures yet — describe what you sell and who you sell to"
        description="A venture holds your ideal customer profile; discovery sessions use it to score every business they find."
        py="xl"
      >
        <EmptyState.Actions>{newButton}</EmptyState.Actions>
      </EmptyState>
    );
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {ventures.data.map((venture) => (
          <VentureCard
            key={venture.venture_id}
            venture={venture}
            onEdit={() => setEditing({ kind: 'edit', venture })}
            onDelete={isAdmin ? () => setDeleting(venture) : undefined}
          />
        ))}
      </SimpleGrid>
    );
  }

  const editedVenture = editing?.kind === 'edit' ? editing.venture : undefined;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Ventures</Title>
          <Text c="dimmed" size="sm">
            {isAdmin
              ? 'What each venture sells, who its ideal customers are, and who sells it.'
              : 'Ventures you are assigned to; ask an admin for others.'}
          </Text>
        </Stack>
        {ventures.isSuccess && ventures.data.length > 0 && newButton}
      </Group>

      {content}

      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editedVenture ? `Edit ${editedVenture.name}` : 'New venture'}
        position="right"
        size="lg"
      >
        {editing && (
          <VentureForm
            key={editedVenture?.venture_id ?? 'new'}
            venture={editedVenture}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Drawer>

      <ConfirmModal
        opened={deleting !== null}
        onClose={closeDelete}
        onConfirm={confirmDelete}
        title="Delete venture"
        confirmLabel="Delete venture"
        isDanger
        isLoading={deleteVenture.isPending}
        error={deleteVenture.error?.message ?? null}
      >
        <Text size="sm">
          Delete <strong>{deleting?.name}</strong> with its ideal customer profile, its saved ICP profiles
          (and the content written for them) and its team? This cannot be undone.
        </Text>
        <Text size="sm" c="dimmed">
          Sessions run for this venture keep their results; they are just no longer linked to a venture. Give
          them another with Edit on the Sessions page.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

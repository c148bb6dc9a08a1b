import type { Session } from '@argo/contract';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useDeleteSession } from '../api';

interface DeleteSessionModalProps {
  session: Session;
  opened: boolean;
  onClose: () => void;
}

export function DeleteSessionModal({ session, opened, onClose }: DeleteSessionModalProps) {
  const remove = useDeleteSession();
  const { reset } = remove;

  // A refusal shown for one session must not linger when the dialog opens again.
  useEffect(() => {
    if (opened) reset();
  }, [opened, reset]);

  const confirm = () =>
    remove.mutate(session.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Session deleted',
          message: `“${session.name}” and its results were deleted.`,
        });
        onClose();
      },
    });

  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      onConfirm={confirm}
      title="Delete session"
      confirmLabel="Delete session"
      isDanger
      isLoading={remove.isPending}
      error={remove.error?.message ?? null}
    >
      <Text size="sm">
        Delete <strong>“{session.name}”</strong> and every business it found? This cannot be undone.
      </Text>
    </ConfirmModal>
  );
}

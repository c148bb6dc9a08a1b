import type { Session } from '@argo/contract';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { type SessionRunAction, useSessionRunAction } from '../../../lib/session-api';

const COPY: Record<
  SessionRunAction,
  { title: string; confirm: string; isDanger: boolean; text: string; done: string }
> = {
  cancel: {
    title: 'Cancel session',
    confirm: 'Cancel session',
    isDanger: true,
    text: 'Stop the work within seconds? What was found so far is kept, and the session can be restarted later.',
    done: 'is being cancelled; what it found is kept.',
  },
  retry: {
    title: 'Retry session',
    confirm: 'Retry',
    isDanger: false,
    text: 'Run the items that failed again? What was found is kept.',
    done: 'runs its failed items again.',
  },
  restart: {
    title: 'Restart session',
    confirm: 'Restart',
    isDanger: false,
    text: 'Run the whole session again? Its results stay until the new run succeeds, and are then replaced.',
    done: 'runs again from the start.',
  },
};

interface RunActionModalProps {
  action: SessionRunAction;
  session: Session;
  opened: boolean;
  onClose: () => void;
}

/** Asks before cancelling, retrying or restarting a session, and shows why the API refused. */
export function RunActionModal({ action, session, opened, onClose }: RunActionModalProps) {
  const run = useSessionRunAction();
  const { reset } = run;
  const copy = COPY[action];

  // A refusal shown for one session must not linger when the dialog opens again.
  useEffect(() => {
    if (opened) reset();
  }, [opened, reset]);

  const confirm = () =>
    run.mutate(
      { id: session.id, action },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: copy.title,
            message: `“${session.name}” ${copy.done}`,
          });
          onClose();
        },
      },
    );

  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      onConfirm={confirm}
      title={copy.title}
      confirmLabel={copy.confirm}
      isDanger={copy.isDanger}
      isLoading={run.isPending}
      error={run.error?.message ?? null}
    >
      <Text size="sm">
        <strong>“{session.name}”</strong>: {copy.text}
      </Text>
    </ConfirmModal>
  );
}

import type { AdminVenture, Role } from '@argo/contract';
import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { isApiError, readErrorDetail } from '../../../lib/api-error';
import { describeError, useInviteUser } from '../api';

interface InviteValues {
  email: string;
  name: string;
  role: Role;
  venture_ids: string[];
}

const INITIAL_VALUES: InviteValues = { email: '', name: '', role: 'member', venture_ids: [] };
const FIELDS = ['email', 'name', 'role', 'venture_ids'] as const;

interface InviteUserModalProps {
  opened: boolean;
  onClose: () => void;
  ventures: AdminVenture[];
}

/** The register page's address, to pass on to the person invited. */
function registerUrl(): string {
  return `${window.location.origin}/register`;
}

/** POST /users/invite: the person joins the organisation by registering with the email given here. */
export function InviteUserModal({ opened, onClose, ventures }: InviteUserModalProps) {
  const inviteUser = useInviteUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<InviteValues>({
    initialValues: INITIAL_VALUES,
    validate: {
      email: (value) =>
        /^[^\s@]+@[^\s@]+$/.test(value.trim()) ? null : 'Enter the email address they will register with.',
    },
  });

  const close = () => {
    form.reset();
    setFormError(null);
    inviteUser.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const user = await inviteUser.mutateAsync({
        email: values.email.trim(),
        name: values.name.trim() || null,
        role: values.role,
        venture_ids: values.role === 'admin' ? [] : values.venture_ids,
      });
      notifications.show({
        color: 'green',
        title: 'Invitation created',
        message: `${user.email} joins by registering at ${registerUrl()} with this email address.`,
        autoClose: 10_000,
      });
      close();
    } catch (error) {
      const detail = isApiError(error) ? readErrorDetail(error.data) : {};
      const field = FIELDS.find((name) => name === detail.field);
      if (isApiError(error, 409)) {
        // The only conflict here: the email is taken (emails are unique across Argo).
        form.setFieldError('email', describeError(error));
      } else if (field) {
        form.setFieldError(field, describeError(error).replace(new RegExp(`^${field}:\\s*`), ''));
      } else {
        setFormError(describeError(error));
      }
    }
  });

  const isAdmin = form.values.role === 'admin';
  return (
    <Modal opened={opened} onClose={close} title="Invite user" centered>
      <form onSubmit={submit} noValidate aria-label="Invite user">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The person joins your organisation by registering at {registerUrl()} with this email address. Argo
            sends no email itself: let them know.
          </Text>
          <TextInput
            label="Email"
            type="email"
            required
            data-autofocus
            placeholder="colleague@company.com"
            {...form.getInputProps('email')}
          />
          <TextInput label="Name" placeholder="Optional" {...form.getInputProps('name')} />
          <Select
            label="Role"
            description="Admins manage users and see every venture and session."
            data={[
              { value: 'member', label: 'Member' },
              { value: 'admin', label: 'Admin' },
            ]}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          <MultiSelect
            label="Ventures"
            description={
              isAdmin ? 'Admins see every venture.' : 'The ventures they work on; you can change them later.'
            }
            placeholder={ventures.length === 0 ? 'No ventures yet' : 'Pick ventures'}
            data={ventures.map((venture) => ({ value: venture.venture_id, label: venture.name }))}
            disabled={isAdmin || ventures.length === 0}
            searchable
            clearable
            {...form.getInputProps('venture_ids')}
          />
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close} disabled={inviteUser.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={inviteUser.isPending}>
              Create invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

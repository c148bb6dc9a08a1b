import type { AdminVenture, Role } from '@argo/contract';
import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError, readErrorDetail } from '../../../lib/api-error';
import { publicConfigQueryOptions } from '../../../lib/public-config';
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

/**
 * How the invited person hears of it. The built-in sign-in emails them (a temporary password, or where to accept
 * when they already use Argo); with Cognito, Argo sends nothing and they register with the invited address.
 */
function howTheyJoin(provider: 'builtin' | 'cognito' | undefined, email?: string) {
  const who = email ?? 'them';
  return provider === 'cognito'
    ? `Let ${who} know: they join by registering at ${registerUrl()} with this email address (Argo sends no email).`
    : `Argo emails ${who} the invitation with how to sign in. Inviting the same address again sends it again.`;
}

/** POST /users/invite: the invitation, and the person is told how to join (howTheyJoin). */
export function InviteUserModal({ opened, onClose, ventures }: InviteUserModalProps) {
  const inviteUser = useInviteUser();
  const provider = useQuery(publicConfigQueryOptions()).data?.auth_provider;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<InviteValues>({
    initialValues: INITIAL_VALUES,
    validate: {
      email: (value) =>
        !value.trim()
          ? 'Enter their email address.'
          : /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value.trim())
            ? null
            : 'This is not an email address: it needs a name, @ and a domain, e.g. sam@company.com.',
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
        message: howTheyJoin(provider, user.email),
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
            {howTheyJoin(provider)}
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

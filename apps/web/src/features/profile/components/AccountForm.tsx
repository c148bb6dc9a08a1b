import { LIMITS } from '@argo/contract';
import { Alert, Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useProfile } from '../../../lib/profile';
import { useUpdateAccount } from '../api';

type AccountField = 'name' | 'website';

/** The organisation's settings, for admins (PUT /accounts). */
export function AccountForm() {
  const { account } = useProfile();
  const [name, setName] = useState(account.name);
  const [website, setWebsite] = useState(account.website ?? '');
  const [requireAdminMfa, setRequireAdminMfa] = useState(account.require_admin_mfa);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<AccountField, string>>>({});
  const update = useUpdateAccount();

  const isChanged =
    name.trim() !== account.name ||
    website.trim() !== (account.website ?? '') ||
    requireAdminMfa !== account.require_admin_mfa;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setFieldErrors({ name: 'Enter the organisation’s name.' });
      return;
    }
    setFieldErrors({});
    update.mutate(
      { name: name.trim(), website: website.trim() || null, require_admin_mfa: requireAdminMfa },
      {
        onSuccess: (saved) => {
          setName(saved.name);
          setWebsite(saved.website ?? '');
          setRequireAdminMfa(saved.require_admin_mfa);
          notifications.show({
            color: 'green',
            title: 'Organisation saved',
            message: `${saved.name} is up to date.`,
          });
        },
        onError: (cause) => {
          // A message about one field goes under that field; anything else above the button.
          if (isApiError(cause) && (cause.field === 'name' || cause.field === 'website')) {
            setFieldErrors({ [cause.field]: cause.message });
          }
        },
      },
    );
  };

  const generalError =
    update.error &&
    !(isApiError(update.error) && (update.error.field === 'name' || update.error.field === 'website'))
      ? update.error.message
      : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={480}>
        <TextInput
          label="Organisation name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fieldErrors.name}
          maxLength={LIMITS.name}
          required
        />
        <TextInput
          label="Website"
          placeholder="https://example.com"
          value={website}
          onChange={(event) => setWebsite(event.currentTarget.value)}
          error={fieldErrors.website}
          maxLength={LIMITS.url}
        />
        <Switch
          label="Admins must use MFA"
          description="Every admin of the organisation must sign in with a second factor."
          checked={requireAdminMfa}
          onChange={(event) => setRequireAdminMfa(event.currentTarget.checked)}
        />
        {generalError && (
          <Alert color="red" variant="light" role="alert">
            {generalError}
          </Alert>
        )}
        <Group>
          <Button type="submit" disabled={!isChanged} loading={update.isPending}>
            Save organisation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

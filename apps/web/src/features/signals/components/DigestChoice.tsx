import { Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { signalsSettingsQueryOptions, useUpdateSignalsSettings } from '../api';

const CHOICES = [
  { value: 'off', label: 'No email' },
  { value: 'daily', label: 'Daily email' },
  { value: 'weekly', label: 'Weekly email' },
];

/** The caller's email digest of what changed: sent only when something did. */
export function DigestChoice() {
  const settings = useQuery(signalsSettingsQueryOptions());
  const update = useUpdateSignalsSettings();
  return (
    <Select
      aria-label="Email digest"
      w={170}
      data={CHOICES}
      allowDeselect={false}
      disabled={!settings.isSuccess || update.isPending}
      value={settings.data?.digest ?? 'off'}
      onChange={(value) =>
        value &&
        update.mutate(value as 'off' | 'daily' | 'weekly', {
          onSuccess: () =>
            notifications.show({
              message:
                value === 'off' ? 'No more signals emails.' : `A ${value} email when something changed.`,
            }),
          onError: () =>
            notifications.show({ color: 'red', message: 'The digest could not be changed. Try again.' }),
        })
      }
    />
  );
}

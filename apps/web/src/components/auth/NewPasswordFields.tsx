import { Group, PasswordInput, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';
import { passwordRules } from '../../lib/auth/password-policy';
import { usePasswordPolicy } from '../../lib/auth/queries';
import type { PasswordPolicy } from '../../lib/auth/types';

/** The password rules, listed before the user submits and ticked as the typed password meets each. */
function PasswordRules({ policy, password, id }: { policy: PasswordPolicy; password: string; id?: string }) {
  return (
    <Stack gap={2} id={id} aria-label="Password rules" role="list">
      {passwordRules(policy).map((rule) => {
        const isMet = rule.isMet(password);
        return (
          <Group key={rule.id} gap={6} role="listitem" data-met={isMet} wrap="nowrap">
            {isMet ? (
              <IconCircleCheckFilled size={16} color="var(--mantine-color-green-7)" aria-hidden />
            ) : (
              <IconCircleDashed size={16} color="var(--mantine-color-dimmed)" aria-hidden />
            )}
            <Text size="xs" c={isMet ? 'green.8' : 'dimmed'}>
              {rule.label}
              <VisuallyHidden>{isMet ? ' (done)' : ' (not yet)'}</VisuallyHidden>
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

interface NewPasswordFieldsProps<Values extends Record<string, unknown>> {
  /** A controlled form (the rules read the value as it is typed). */
  form: UseFormReturnType<Values>;
  /** The new password's field, and the repeat's field when the form asks twice. */
  field: keyof Values & string;
  confirmField?: keyof Values & string;
  label?: string;
  autoFocus?: boolean;
}

/** A new password with its rules listed and ticked live, and optionally the same password again. */
export function NewPasswordFields<Values extends Record<string, unknown>>({
  form,
  field,
  confirmField,
  label = 'New password',
  autoFocus,
}: NewPasswordFieldsProps<Values>) {
  const policy = usePasswordPolicy();
  const value = String(form.getValues()[field] ?? '');
  const rulesId = `${field}-rules`;
  return (
    <>
      <Stack gap={6}>
        <PasswordInput
          label={label}
          autoComplete="new-password"
          required
          autoFocus={autoFocus}
          aria-describedby={rulesId}
          key={form.key(field)}
          {...form.getInputProps(field)}
        />
        <PasswordRules policy={policy} password={value} id={rulesId} />
      </Stack>
      {confirmField && (
        <PasswordInput
          label="Repeat the new password"
          autoComplete="new-password"
          required
          key={form.key(confirmField)}
          {...form.getInputProps(confirmField)}
        />
      )}
    </>
  );
}

/** For a form's `validate`: the repeat must match. */
export function matchesPassword(field: string) {
  return (value: unknown, values: Record<string, unknown>) =>
    value === values[field] ? null : 'The two passwords are not the same.';
}

import { PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { AuthForm, useAuthForm } from '../../../components/auth/AuthForm';
import { matchesPassword, NewPasswordFields } from '../../../components/auth/NewPasswordFields';
import { changePassword } from '../../../lib/auth/auth';

/** Change the password: the current one, then the new one twice (its rules listed and ticked). */
export function ChangePasswordForm() {
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', newPassword: '', confirm: '' },
    validate: { confirm: matchesPassword('newPassword') },
  });
  const { formError, isSubmitting, showError, handleSubmit } = useAuthForm(form);

  const submit = handleSubmit(async ({ password, newPassword }) => {
    const result = await changePassword(password, newPassword);
    if (result.step === 'error') return showError(result);
    form.reset();
    notifications.show({
      color: 'green',
      title: 'Password changed',
      message: 'Your other devices were signed out; this one stays signed in.',
    });
  });

  return (
    <AuthForm
      onSubmit={submit}
      label="Change password"
      submitLabel="Change password"
      isSubmitting={isSubmitting}
      formError={formError}
    >
      <PasswordInput
        label="Current password"
        autoComplete="current-password"
        required
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <NewPasswordFields form={form} field="newPassword" confirmField="confirm" />
    </AuthForm>
  );
}

import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { AuthForm, useAuthForm } from '../../../components/auth/AuthForm';
import { matchesPassword, NewPasswordFields } from '../../../components/auth/NewPasswordFields';
import { AuthLayout } from '../../../components/layout/AuthLayout';
import { AnchorLink } from '../../../components/links';
import { completeNewPassword, signOut } from '../../../lib/auth/auth';
import { useFinishSignIn } from '../../../lib/auth/use-finish-sign-in';

/** /password/set: an invited person's first sign-in replaces the emailed temporary password with their own. */
export function SetPasswordPage({ redirect }: { redirect?: string | undefined }) {
  const navigate = useNavigate();
  const finish = useFinishSignIn(redirect);
  const form = useForm({
    mode: 'controlled',
    initialValues: { newPassword: '', confirm: '' },
    validate: { confirm: matchesPassword('newPassword') },
  });
  const { formError, isSubmitting, showError, handleSubmit } = useAuthForm(form);

  const submit = handleSubmit(async ({ newPassword }) => {
    const result = await completeNewPassword(newPassword);
    if (result.step === 'error' && result.restart) {
      // The sign-in with the temporary password is gone from this tab (a reload): start it again, signed out.
      await signOut();
      notifications.show({ color: 'yellow', title: 'Sign in again', message: result.message });
      await navigate({ to: '/login', search: redirect ? { redirect } : {}, replace: true });
      return;
    }
    if (result.step === 'done') {
      notifications.show({ color: 'green', title: 'Password set', message: 'Welcome to Argo.' });
    }
    const rest = await finish(result);
    if (rest?.step === 'error') showError(rest);
    // A further challenge (a provider may ask for MFA next) starts from the sign-in page.
    else if (rest) await navigate({ to: '/login', search: redirect ? { redirect } : {}, replace: true });
  });

  return (
    <AuthLayout
      title="Choose your password"
      description="You signed in with the temporary password from your invitation. Choose your own to continue."
    >
      <AuthForm
        onSubmit={submit}
        label="Choose your password"
        submitLabel="Set password and continue"
        isSubmitting={isSubmitting}
        formError={formError}
        footer={
          <Text size="sm" ta="center">
            <AnchorLink to="/logout" size="sm">
              Sign out
            </AnchorLink>
          </Text>
        }
      >
        <NewPasswordFields form={form} field="newPassword" confirmField="confirm" autoFocus />
      </AuthForm>
    </AuthLayout>
  );
}

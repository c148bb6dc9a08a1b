import { Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { AuthForm, useAuthForm } from '../../../components/auth/AuthForm';
import { NewPasswordFields } from '../../../components/auth/NewPasswordFields';
import { AnchorLink } from '../../../components/links';
import { signUp } from '../../../lib/auth/auth';

/** Step 1 of registering: the person (name, email, password); then the emailed code on /confirmation/. */
export function SignUpForm() {
  const navigate = useNavigate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: '', password: '' },
    validate: {
      name: (value) => (value.trim() ? null : 'Enter your name.'),
      email: (value) => (/^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Enter a valid email address.'),
    },
  });
  const { formError, isSubmitting, showError, handleSubmit } = useAuthForm(form);

  const submit = handleSubmit(async (values) => {
    const result = await signUp(values);
    if (result.step === 'done') {
      await navigate({ to: '/register', search: { step: 'organisation' } });
    } else if (result.step === 'confirm_sign_up') {
      await navigate({ to: '/confirmation', search: { email: result.email, code: '' } });
    } else {
      showError(result);
    }
  });

  return (
    <AuthForm
      onSubmit={submit}
      label="Create your Argo account"
      submitLabel="Create account"
      isSubmitting={isSubmitting}
      formError={formError}
      footer={
        <>
          <Text size="xs" c="dimmed" ta="center">
            By creating an account you agree to the{' '}
            <AnchorLink to="/terms" size="xs">
              Terms
            </AnchorLink>{' '}
            and the{' '}
            <AnchorLink to="/privacy" size="xs">
              Privacy notice
            </AnchorLink>
            .
          </Text>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <AnchorLink to="/login" size="sm">
              Sign in
            </AnchorLink>
          </Text>
        </>
      }
    >
      <TextInput
        label="Your name"
        autoComplete="name"
        required
        autoFocus
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <TextInput
        label="Work email"
        type="email"
        autoComplete="email"
        required
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <NewPasswordFields form={form} field="password" label="Password" />
    </AuthForm>
  );
}

import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { AuthForm, useAuthForm } from '../../../components/auth/AuthForm';
import { AnchorLink } from '../../../components/links';
import { isApiError, readErrorDetail } from '../../../lib/api-error';
import { useCreateAccount } from '../api';

/** Step 2 of registering: name the organisation (the Argo account); its creator becomes the first admin. */
export function OrganisationForm() {
  const navigate = useNavigate();
  const createAccount = useCreateAccount();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', website: '' },
    validate: {
      name: (value) => (value.trim() ? null : 'Enter the name of your organisation.'),
    },
  });
  const { formError, showError, handleSubmit } = useAuthForm(form);

  const submit = handleSubmit(async (values) => {
    try {
      await createAccount.mutateAsync(values);
      await navigate({ to: '/landing', replace: true });
    } catch (error) {
      const detail = isApiError(error) ? readErrorDetail(error.data) : {};
      if (detail.field === 'name' || detail.field === 'website') {
        // The API words it as "<field>: <what is wrong>"; next to the field the name is redundant.
        showError({
          field: detail.field,
          message: detail.message?.replace(/^\w+:\s*/, '') ?? 'Check this field.',
        });
      } else {
        showError({
          message: error instanceof Error ? error.message : 'The organisation could not be created.',
        });
      }
    }
  });

  return (
    <AuthForm
      onSubmit={submit}
      label="Create your organisation"
      submitLabel="Create organisation"
      isSubmitting={createAccount.isPending}
      formError={formError}
      footer={
        <AnchorLink to="/logout" size="sm" ta="center">
          Sign out
        </AnchorLink>
      }
    >
      <TextInput
        label="Organisation name"
        description="Your company, studio or team. You can change it later."
        required
        autoFocus
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <TextInput
        label="Website"
        placeholder="acme.com"
        autoComplete="url"
        key={form.key('website')}
        {...form.getInputProps('website')}
      />
    </AuthForm>
  );
}

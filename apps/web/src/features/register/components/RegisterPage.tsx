import { AuthLayout } from '../../../components/layout/AuthLayout';
import { OrganisationForm } from './OrganisationForm';
import { PendingInvitations } from './PendingInvitations';
import { SignUpForm } from './SignUpForm';

export type RegisterStep = 'organisation';

/**
 * Registering: the person first, then (signed in, no Argo account yet) their organisation — or one they are
 * invited to, accepted here.
 */
export function RegisterPage({ step }: { step?: RegisterStep | undefined }) {
  if (step === 'organisation') {
    return (
      <AuthLayout
        title="Create your organisation"
        description="One more step: name the organisation you find customers for. You will be its admin and can invite your team."
      >
        <PendingInvitations />
        <OrganisationForm />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Create your Argo account"
      description="Find small businesses that fit your venture, learn what they run, and reach out."
    >
      <SignUpForm />
    </AuthLayout>
  );
}

import { Alert, Button, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type FormEvent, type ReactNode, useState } from 'react';
import { prepareSignIn } from '../../lib/auth/auth';

/*
 * The scaffolding every sign-in, sign-up and account form shares: a <form noValidate>, the error that belongs
 * to no field above the fields, a notice, the fields, one full-width submit button, and a footer. The hook
 * keeps the submitting flag and puts each error next to its field when the form has that field.
 */

interface AuthFormProps {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** Names the form for assistive technology (and tests): e.g. "Sign in". */
  label: string;
  submitLabel: string;
  isSubmitting: boolean;
  formError?: string | null;
  /** Good news or context shown above the fields (e.g. "We sent a code to …"). */
  notice?: ReactNode;
  children: ReactNode;
  /** Links and secondary actions under the button. */
  footer?: ReactNode;
}

export function AuthForm({
  onSubmit,
  label,
  submitLabel,
  isSubmitting,
  formError,
  notice,
  children,
  footer,
}: AuthFormProps) {
  return (
    // The first key or touch loads what the provider needs to answer (not on render: /login stays light).
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      onKeyDownCapture={prepareSignIn}
      onPointerDownCapture={prepareSignIn}
    >
      <Stack gap="sm">
        {notice && (
          <Alert color="blue" variant="light" role="status">
            {notice}
          </Alert>
        )}
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        {children}
        <Button type="submit" loading={isSubmitting} fullWidth>
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}

/** An error for the screen: its words, and the field it concerns (if any). */
export interface FieldError {
  message: string;
  field?: string | undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: a hook for any form's values.
export function useAuthForm<Values extends Record<string, any>>(
  form: UseFormReturnType<Values>,
  initialFormError: string | null = null,
) {
  const [formError, setFormError] = useState<string | null>(initialFormError);
  const [isSubmitting, setSubmitting] = useState(false);

  /** Next to its field when this form has that field, else above the form. */
  function showError({ message, field }: FieldError): void {
    if (field && field in form.getValues()) form.setFieldError(field, message);
    else setFormError(message);
  }

  /** form.onSubmit with the error cleared before and the submitting flag around the handler. */
  function handleSubmit(handler: (values: Values) => Promise<void>) {
    return form.onSubmit(async (values) => {
      setFormError(null);
      setSubmitting(true);
      try {
        await handler(values);
      } finally {
        setSubmitting(false);
      }
    });
  }

  return { formError, setFormError, isSubmitting, showError, handleSubmit };
}

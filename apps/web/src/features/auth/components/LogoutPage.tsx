import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { signOut } from '../../../lib/auth/auth';
import type { SignOutReason } from '../../../lib/auth/sign-out-reason';

interface LogoutPageProps {
  /** Why the app signs the user out (it did, not the user): /login says it. */
  reason?: SignOutReason | undefined;
  /** Where the user was: /login goes back there after the next sign-in. */
  redirect?: string | undefined;
}

/** Signs out, forgets every cached answer, then goes to /login, with the reason and redirect if any. */
export function LogoutPage({ reason, redirect }: LogoutPageProps = {}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    // Strict mode runs effects twice; one sign-out is enough.
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        await signOut();
      } catch (error) {
        console.error('Sign-out failed', error);
      }
      queryClient.clear();
      await navigate({
        to: '/login',
        search: { ...(redirect ? { redirect } : {}), ...(reason ? { reason } : {}) },
        replace: true,
      });
    })();
  }, [navigate, queryClient, reason, redirect]);

  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Loader aria-label="Signing out" />
        <Text c="dimmed">Signing you out…</Text>
      </Stack>
    </Center>
  );
}

import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { signOut } from '../../../lib/auth/auth';

/** Signs out, forgets every cached answer, then goes to /login (SPEC §2). */
export function LogoutPage() {
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
      await navigate({ to: '/login', replace: true });
    })();
  }, [navigate, queryClient]);

  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Loader aria-label="Signing out" />
        <Text c="dimmed">Signing you out…</Text>
      </Stack>
    </Center>
  );
}

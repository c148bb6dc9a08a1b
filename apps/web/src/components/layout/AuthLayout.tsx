import { Anchor, Center, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AnchorLink } from '../links';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { Logo } from './Logo';

interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** A centred card for sign-in, sign-up and the other account screens. */
export function AuthLayout({ title, description, children }: AuthLayoutProps) {
  return (
    <Container size={460} py={48}>
      <Stack gap="lg">
        <Group justify="space-between">
          <Anchor href="/" underline="never" c="inherit" aria-label="Argo home">
            <Logo withTagline />
          </Anchor>
          <ColorSchemeToggle />
        </Group>
        <Paper withBorder shadow="sm" p="xl">
          <Stack gap="md">
            <div>
              <Title order={2}>{title}</Title>
              {description && (
                <Text c="dimmed" size="sm" mt={4}>
                  {description}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
        <Center>
          <Group gap="md">
            <AnchorLink to="/terms" size="xs" c="dimmed">
              Terms
            </AnchorLink>
            <AnchorLink to="/privacy" size="xs" c="dimmed">
              Privacy
            </AnchorLink>
          </Group>
        </Center>
      </Stack>
    </Container>
  );
}

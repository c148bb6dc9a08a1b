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
    // The page's main landmark, with its title as the one h1 (screen readers jump by both).
    <Container component="main" size={460} py={48}>
      <Stack gap="lg">
        <Group justify="space-between">
          {/* Named by its visible text (axe: label-content-name-mismatch). */}
          <Anchor href="/" underline="never" c="inherit">
            <Logo withTagline />
          </Anchor>
          <ColorSchemeToggle />
        </Group>
        <Paper withBorder shadow="sm" p="xl">
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                {title}
              </Title>
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

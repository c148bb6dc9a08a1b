import { Anchor, Box, Container, Divider, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AnchorLink, ButtonLink } from '../links';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { Logo } from './Logo';

/** Public pages (terms, privacy): a slim header, readable column, footer links. */
export function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh">
      <Container size="md" py="md">
        <Group justify="space-between">
          {/* Named by its visible text (axe: label-content-name-mismatch). */}
          <Anchor href="/" underline="never" c="inherit">
            <Logo withTagline />
          </Anchor>
          <Group gap="sm">
            <ColorSchemeToggle />
            <ButtonLink to="/login" variant="default">
              Sign in
            </ButtonLink>
            <ButtonLink to="/register">Create account</ButtonLink>
          </Group>
        </Group>
      </Container>
      <Divider />
      <Container size="md" py="xl" component="main">
        {children}
      </Container>
      <Divider />
      <Container size="md" py="md" component="footer">
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            Argo — Business Intelligence and Insights
          </Text>
          <Group gap="md">
            <AnchorLink to="/terms" size="xs" c="dimmed">
              Terms
            </AnchorLink>
            <AnchorLink to="/privacy" size="xs" c="dimmed">
              Privacy
            </AnchorLink>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface StartCardProps {
  /** The card's heading; also its accessible name. */
  title: string;
  description: string;
  icon: ReactNode;
  children: ReactNode;
  /** Small print under the form (data sources, limits). */
  footer?: ReactNode;
}

/** One of the three ways to start a discovery. */
export function StartCard({ title, description, icon, children, footer }: StartCardProps) {
  const headingId = `start-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md">
            {icon}
          </ThemeIcon>
          <div>
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
        </Group>
        <div style={{ flex: 1 }}>{children}</div>
        {footer && (
          <Text size="xs" c="dimmed">
            {footer}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

import { Anchor, Divider, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { webUrl } from '../../../lib/safe-url';

/* The building blocks of the detail drawer: a fact, its source, a section. */

export const when = (iso: string | null | undefined) => (iso ? dayjs(iso).format('D MMM YYYY, HH:mm') : null);

/** Where a fact came from: a link to the page (or "imported", the source's name) and when it was seen. */
export function Source({
  url,
  label,
  observedAt,
}: {
  url?: string | null;
  label?: string;
  observedAt?: string | null;
}) {
  const time = when(observedAt);
  const href = webUrl(url);
  return (
    <Text size="xs" c="dimmed" component="span" data-testid="fact-source">
      {href ? (
        <Anchor
          href={href}
          target="_blank"
          rel="noreferrer noopener"
          size="xs"
          style={{ overflowWrap: 'anywhere' }}
        >
          {url}
        </Anchor>
      ) : (
        // A source that is not a web address is shown as text, never as a link.
        (url ?? label ?? 'source not recorded')
      )}
      {time && <> · {time}</>}
    </Text>
  );
}

export function Fact({
  label,
  children,
  source,
}: {
  label: string;
  children: ReactNode;
  source?: ReactNode;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
      {source}
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Divider label={title} labelPosition="left" mb="xs" />
      <Stack gap="sm">{children}</Stack>
    </section>
  );
}

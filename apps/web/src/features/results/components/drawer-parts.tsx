import { Anchor, Badge, Divider, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { formatPhone } from '../../../lib/phone';
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
  return (
    <Text size="xs" c="dimmed" component="span" data-testid="fact-source">
      {url ? <WebLink url={url} size="xs" /> : (label ?? 'source not recorded')}
      {time && <> · {time}</>}
    </Text>
  );
}

/** A web address the page gives, opened in a new tab; anything else (a `javascript:` URL) shown as text, never a link. */
export function WebLink({ url, size }: { url: string; size: 'xs' | 'sm' }) {
  const href = webUrl(url);
  if (!href) return url;
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      size={size}
      style={{ overflowWrap: 'anywhere' }}
    >
      {url}
    </Anchor>
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

/**
 * Where the API withheld an address the account's suppression list (Settings → Do not contact) covers: the
 * address is not shown, and the note says why.
 */
export function SuppressedNote() {
  return (
    <Badge size="xs" variant="light" color="red" title="On your do-not-contact list (Settings)">
      Suppressed: never exported
    </Badge>
  );
}

/** A stored phone number (E.164) shown grouped to read, as a link that calls it. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <Anchor href={`tel:${phone}`} size="sm">
      {formatPhone(phone)}
    </Anchor>
  );
}

/** Several values of one fact (every phone of a merged record, say), one a line. */
export function Lines({
  values,
  render = (value) => value,
}: {
  values: string[];
  render?: (value: string, index: number) => ReactNode;
}) {
  return values.map((value, index) => <div key={value}>{render(value, index)}</div>);
}

/** Names compare without case and spacing ("Schloss Lieser" and "schloss  lieser" are one name). */
export const sameText = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

/** Websites compare without scheme, "www." and a trailing slash (http://a.de/ and https://www.a.de are one site). */
export const sameWebsite = (value: string) =>
  sameText(value)
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');

/** The values present, each once (by `key`), in their order: the main value first. */
export function distinct(
  values: readonly (string | null | undefined)[],
  key: (value: string) => string = sameText,
): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    if (!value?.trim()) continue;
    const k = key(value);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(value.trim());
  }
  return out;
}

/** A website as short link text: its host without "www.", and its path when it has one (two sites on one host). */
export function shortUrl(value: string): string {
  try {
    const url = new URL(value);
    const path = url.pathname.replace(/\/+$/, '');
    return `${url.host.replace(/^www\./, '')}${path}`;
  } catch {
    return value;
  }
}

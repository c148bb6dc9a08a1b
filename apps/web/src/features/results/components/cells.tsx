import type { Business, EnrichmentState, Tier } from '@argo/contract';
import { Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { WHOLE_BADGE } from '../../../components/whole-badge';
import { webUrl } from '../../../lib/safe-url';
import { ENRICHMENT_STATE_LABELS } from './labels';

/* The cells of the results table, which the cards and the drawer show too: badges, links, dates, clamped text. */

const ENRICHMENT_STATE_COLORS: Record<EnrichmentState, string> = {
  pending: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
  skipped: 'yellow',
};

const TIER_COLORS: Record<Tier, string> = { A: 'green', B: 'teal', C: 'yellow', D: 'gray' };

/** An empty cell. */
export const dash = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

/**
 * A value a file or a source wrote freely, in two lines at most so one row cannot fill the screen (a licence file's
 * category lists every licence a business holds: 280 characters); the whole value as its title, and in the drawer.
 */
export function ClampedText({ text }: { text: string | null | undefined }) {
  if (!text) return dash;
  return (
    <Text size="sm" lineClamp={2} title={text}>
      {text}
    </Text>
  );
}

/**
 * The host of a website, for a short link text: its domain, or host and port when the site has a port of its own
 * (two local sites on one address are told apart by it).
 */
export function hostOf(business: Pick<Business, 'domain' | 'website'>): string {
  let url: URL | null = null;
  try {
    url = new URL(business.website ?? '');
  } catch {
    url = null;
  }
  if (url?.port) return url.host.replace(/^www\./, '');
  if (business.domain) return business.domain;
  return url ? url.hostname.replace(/^www\./, '') : (business.website ?? '');
}

/** Distinct sources of a business (merged duplicates keep each one). */
export function sourcesOf(business: Business): string[] {
  const names = business.sources.map((source) => source.source);
  return [...new Set(names.length > 0 ? names : [business.source])];
}

/**
 * A business's website as its host on one line, ended with "…" when longer than `maw`, the whole address as its
 * title; an address the page will not link (`javascript:`) as text.
 */
export function WebsiteLink({
  business,
  maw,
}: {
  business: Pick<Business, 'domain' | 'website'>;
  maw?: number | string;
}) {
  const website = business.website;
  if (!website) return dash;
  const href = webUrl(website);
  const host = hostOf(business);
  if (!href) {
    return (
      <Text size="sm" truncate="end" maw={maw} title={website}>
        {host}
      </Text>
    );
  }
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      size="sm"
      truncate="end"
      maw={maw}
      display="block"
      title={website}
    >
      {host}
    </Anchor>
  );
}

export function EnrichmentStateBadge({ business }: { business: Business }) {
  const state = business.enrichment_state;
  const badge = (
    <Badge variant="light" color={ENRICHMENT_STATE_COLORS[state]} size="sm" style={WHOLE_BADGE}>
      {ENRICHMENT_STATE_LABELS[state]}
    </Badge>
  );
  return business.enrichment_error ? <Tooltip label={business.enrichment_error}>{badge}</Tooltip> : badge;
}

/**
 * "Decision-maker found": the primary contact's name and role when the site names an owner, founder or executive;
 * "None named" when people were analysed and nobody decides; a dash before the people analysis ran.
 */
export function DecisionMakerCell({ business }: { business: Business }) {
  const contact = business.primary_contact;
  if (business.decision_maker == null) return dash;
  if (!business.decision_maker || !contact) {
    return (
      <Text size="sm" c="dimmed">
        None named
      </Text>
    );
  }
  return (
    <div>
      <Text size="sm" lineClamp={1} title={contact.name}>
        {contact.name}
      </Text>
      {contact.role && (
        <Text size="xs" c="dimmed" lineClamp={1} title={contact.role}>
          {contact.role}
        </Text>
      )}
    </div>
  );
}

export function TierBadge({ tier, score }: { tier: Tier | null; score: number | null }) {
  if (!tier && score === null) return dash;
  return (
    <Group gap={6} wrap="nowrap">
      {tier && (
        <Badge
          color={TIER_COLORS[tier]}
          size="sm"
          variant="filled"
          aria-label={`Tier ${tier}`}
          style={WHOLE_BADGE}
        >
          {tier}
        </Badge>
      )}
      {score !== null && (
        <Text size="sm" span>
          {Math.round(score)}
        </Text>
      )}
    </Group>
  );
}

/**
 * A day in a narrow column: "2 Dec" this year, "2 Dec 2025" before (as a mail client lists its messages); the whole
 * date and time as its title.
 */
export function ShortDate({ iso }: { iso: string }) {
  const day = dayjs(iso);
  return (
    <Text size="sm" title={day.format('D MMM YYYY, HH:mm')}>
      {day.format(day.isSame(dayjs(), 'year') ? 'D MMM' : 'D MMM YYYY')}
    </Text>
  );
}

/** A contact the record lacked and the business's own website gave (enrichment), said so under it. */
export function FromWebsite({ children }: { children: ReactNode }) {
  return (
    <Stack gap={0}>
      {children}
      <Text size="xs" c="dimmed">
        from its website
      </Text>
    </Stack>
  );
}

import type { IcpOverview, NameCount } from '@argo/contract';
import { Box, Group, RingProgress, Stack, Text } from '@mantine/core';

/*
 * Small charts drawn with plain HTML and SVG: nothing to load, readable by screen readers (each bar is text
 * as well), and they render the same in tests as in the browser.
 */

const TIER_COLORS: Record<string, string> = {
  A: 'var(--mantine-color-green-6)',
  B: 'var(--mantine-color-teal-5)',
  C: 'var(--mantine-color-yellow-6)',
  D: 'var(--mantine-color-gray-6)',
  unscored: 'var(--mantine-color-gray-4)',
};

interface BarListProps {
  label: string;
  items: NameCount[];
  /** Colour per name; the primary colour otherwise. */
  colors?: Record<string, string>;
  empty?: string;
}

/** Horizontal bars, longest = the largest count; a list of "name count" for assistive technology. */
export function BarList({ label, items, colors, empty = 'Nothing yet' }: BarListProps) {
  const max = Math.max(1, ...items.map((item) => item.count));
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Stack gap={6} component="ul" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <li key={item.name}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate="end">
              {item.name}
            </Text>
            <Text size="sm" fw={500}>
              {item.count.toLocaleString('en-US')}
            </Text>
          </Group>
          <Box
            h={6}
            mt={2}
            style={{
              width: `${Math.max(2, (item.count / max) * 100)}%`,
              background: colors?.[item.name] ?? 'var(--mantine-primary-color-filled)',
              borderRadius: 3,
            }}
            aria-hidden
          />
        </li>
      ))}
    </Stack>
  );
}

const TIER_ORDER = ['A', 'B', 'C', 'D', 'unscored'] as const;

export function TierBars({ byTier }: { byTier: IcpOverview['by_tier'] }) {
  const items = TIER_ORDER.map((tier) => ({
    name: tier === 'unscored' ? 'Not scored' : `Tier ${tier}`,
    count: byTier[tier] ?? 0,
  }));
  const colors = Object.fromEntries(
    TIER_ORDER.map((tier) => [
      tier === 'unscored' ? 'Not scored' : `Tier ${tier}`,
      TIER_COLORS[tier] as string,
    ]),
  );
  return <BarList label="Businesses by tier" items={items} colors={colors} />;
}

const HIST_WIDTH = 400;
const HIST_HEIGHT = 140;
const AXIS = 18;

/** Score buckets as vertical bars over 0..100. */
export function ScoreHistogram({ buckets }: { buckets: IcpOverview['score_histogram'] }) {
  // The API sends every bucket, each counting 0, before anything is scored: axes alone would read as a broken chart.
  if (buckets.every((bucket) => bucket.count === 0))
    return (
      <Text size="sm" c="dimmed">
        No business is scored yet: run ICP fit from the Enrichment page against the session's venture.
      </Text>
    );
  const max = Math.max(1, ...buckets.map((bucket) => bucket.count));
  const barWidth = HIST_WIDTH / buckets.length;
  const summary = buckets.map((bucket) => `${bucket.from}–${bucket.to}: ${bucket.count}`).join(', ');
  return (
    <svg
      viewBox={`0 0 ${HIST_WIDTH} ${HIST_HEIGHT + AXIS}`}
      width="100%"
      role="img"
      aria-label={`Score histogram. ${summary}`}
    >
      {buckets.map((bucket, index) => {
        const height = (bucket.count / max) * HIST_HEIGHT;
        return (
          <rect
            key={`${bucket.from}-${bucket.to}`}
            x={index * barWidth + 2}
            y={HIST_HEIGHT - height}
            width={barWidth - 4}
            height={height}
            fill="var(--mantine-primary-color-filled)"
            rx={2}
          >
            <title>{`Score ${bucket.from}–${bucket.to}: ${bucket.count}`}</title>
          </rect>
        );
      })}
      {/* The scale under the bars: every other bucket boundary and both ends (0 20 40 60 80 100), each under its
          boundary, not under a bar's middle (where "90" came after "80" at half the step). */}
      {[...buckets.map((bucket) => bucket.from), buckets[buckets.length - 1]?.to ?? 100].map(
        (value, index, all) =>
          index % 2 === 0 || index === all.length - 1 ? (
            <text
              key={`tick-${value}`}
              x={index * barWidth}
              y={HIST_HEIGHT + 13}
              fontSize={11}
              textAnchor={index === 0 ? 'start' : index === all.length - 1 ? 'end' : 'middle'}
              fill="currentColor"
            >
              {value}
            </text>
          ) : null,
      )}
    </svg>
  );
}

/**
 * How many of the businesses whose careers pages tell are hiring. `analysed`: the businesses whose careers were
 * analysed at all (a careers analysis or a unified enrichment), whether or not their site has a careers page.
 */
export function HiringShare({ share, analysed }: { share: number | null; analysed: number | undefined }) {
  if (share === null) {
    if (analysed) {
      return (
        <Text size="sm" c="dimmed">
          {analysed === 1
            ? 'Careers were analysed for 1 business, but its site has no careers page that says whether it is hiring.'
            : `Careers were analysed for ${analysed.toLocaleString('en-US')} businesses, but none of their sites has a careers page that says whether they are hiring.`}
        </Text>
      );
    }
    return (
      <Text size="sm" c="dimmed">
        No careers page has been analysed yet: run careers analysis (alone or with everything) from the
        Enrichment page to see who is hiring.
      </Text>
    );
  }
  const percent = Math.round(share * 100);
  return (
    <Group gap="md">
      <RingProgress
        size={96}
        thickness={10}
        roundCaps
        sections={[{ value: percent, color: 'grape' }]}
        label={
          <Text ta="center" fw={700} size="lg">
            {percent}%
          </Text>
        }
        role="img"
        aria-label={`${percent}% of analysed businesses are hiring`}
      />
      <Text size="sm" c="dimmed" maw={180}>
        of the businesses whose careers pages were analysed are hiring
      </Text>
    </Group>
  );
}

/** How many businesses name a decision-maker on their own site, and how many of those Argo can reach. */
export function DecisionMakers({
  counts,
}: {
  counts: { analysed: number; found: number; reachable: number };
}) {
  if (counts.analysed === 0) {
    return (
      <Text size="sm" c="dimmed">
        No people analysed yet: run the people enrichment to find owners and managing directors.
      </Text>
    );
  }
  const rows = [
    { label: 'name a decision-maker', value: counts.found },
    { label: 'with their email or phone', value: counts.reachable },
  ];
  return (
    <Stack gap={6} aria-label="Decision-maker counts">
      {rows.map((row) => (
        <Group key={row.label} gap="xs" wrap="nowrap">
          <Text fw={700} size="lg" miw={48} ta="right">
            {row.value.toLocaleString('en-US')}
          </Text>
          <Text size="sm" c="dimmed">
            {row.label}
          </Text>
        </Group>
      ))}
      <Text size="xs" c="dimmed">
        of {counts.analysed.toLocaleString('en-US')} businesses whose people were analysed
      </Text>
    </Stack>
  );
}

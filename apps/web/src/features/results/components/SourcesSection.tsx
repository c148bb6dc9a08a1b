import type { Business } from '@argo/contract';
import { Text } from '@mantine/core';
import { isOtherPlace, sourceRefText } from '../place';
import { Fact, Section, Source, when } from './drawer-parts';
import { SOURCE_LABELS } from './labels';

/**
 * The drawer's "Sources": every record the business was found in (merged duplicates keep each one), with its page,
 * its address where that differs, and its snippet; then when the business was first seen and last updated.
 */
export function SourcesSection({ business }: { business: Business }) {
  return (
    <Section title="Sources">
      {business.sources.map((source) => (
        <Fact
          key={`${source.source}-${source.source_ref ?? ''}`}
          label={SOURCE_LABELS[source.source] ?? source.source}
          source={
            <Source
              url={source.url}
              label={source.source === 'import' ? 'imported' : undefined}
              observedAt={source.observed_at ?? business.first_seen_at}
            />
          }
        >
          {source.source_ref ? sourceRefText(source.source_ref) : '—'}
          {isOtherPlace(source.address, business.address) && (
            <Text size="xs" data-testid="source-address">
              at {source.address}
            </Text>
          )}
          {source.snippet && (
            <Text size="xs" c="dimmed" fs="italic">
              “{source.snippet}”
            </Text>
          )}
        </Fact>
      ))}
      <Text size="xs" c="dimmed">
        First seen {when(business.first_seen_at)} · updated {when(business.updated_at)}
      </Text>
    </Section>
  );
}

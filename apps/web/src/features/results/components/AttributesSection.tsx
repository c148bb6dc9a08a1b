import type { AttributeColumn, Business } from '@argo/contract';
import { SimpleGrid } from '@mantine/core';
import { attributeFacts } from '../attributes';
import { Fact, Section, Source } from './drawer-parts';

/**
 * "From your file": every column of the imported file this business has a value for, label → value in the file's
 * order (issue 14 part 2), and when it was imported. Nothing when the business has none (it was not imported, or
 * its row left those columns empty).
 */
export function AttributesSection({
  business,
  columns,
}: {
  business: Business;
  columns: readonly AttributeColumn[];
}) {
  const facts = attributeFacts(business, columns);
  if (facts.length === 0) return null;
  const imported = business.sources.find((source) => source.source === 'import');
  return (
    <Section title="From your file">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" data-testid="file-attributes">
        {facts.map((fact) => (
          <Fact key={fact.key} label={fact.label}>
            {fact.text}
          </Fact>
        ))}
      </SimpleGrid>
      <Source label="your imported file" observedAt={imported?.observed_at ?? business.first_seen_at} />
    </Section>
  );
}

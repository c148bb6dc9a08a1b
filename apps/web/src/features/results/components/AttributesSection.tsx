import type { AttributeColumn, Business } from '@argo/contract';
import { Anchor, SimpleGrid, Spoiler } from '@mantine/core';
import { webUrl } from '../../../lib/safe-url';
import { attributeFacts, jsonLines } from '../attributes';
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
            <FileValue text={fact.text} />
          </Fact>
        ))}
      </SimpleGrid>
      <Source label="your imported file" observedAt={imported?.observed_at ?? business.first_seen_at} />
    </Section>
  );
}

/**
 * One value of the file: a web address as a link, JSON (a scraper's opening hours) as lines, and anything longer
 * than a few lines folded behind "Show all", so one long cell does not push the rest of the drawer away.
 */
function FileValue({ text }: { text: string }) {
  const href = webUrl(text);
  if (href) {
    return (
      <Anchor href={href} target="_blank" rel="noreferrer noopener" size="sm" lineClamp={2}>
        {text}
      </Anchor>
    );
  }
  const lines = jsonLines(text);
  return (
    <Spoiler maxHeight={88} showLabel="Show all" hideLabel="Show less">
      {lines
        ? // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered; a list may repeat a line
          lines.map((line, index) => <div key={index}>{line}</div>)
        : text}
    </Spoiler>
  );
}

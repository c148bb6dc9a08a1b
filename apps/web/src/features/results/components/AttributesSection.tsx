import { type AttributeColumn, type Business, SUPPRESSED_MARK } from '@argo/contract';
import { Anchor, SimpleGrid, Spoiler } from '@mantine/core';
import { webUrl } from '../../../lib/safe-url';
import { attributeFacts, jsonLines } from '../attributes';
import { Fact, Section, Source, SuppressedNote } from './drawer-parts';

/**
 * "From your file": every column of the imported file this business has a value for, label → value in the file's
 * order, and when it was imported. Nothing when the business has none (it was not imported, or
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
 * than a few lines folded behind "Show all", so one long cell does not push the rest of the drawer away. A
 * suppressed address stands as the API's SUPPRESSED_MARK.
 */
function FileValue({ text }: { text: string }) {
  // A cell that was only an address on the suppression list (inside longer text the API marks the address alone).
  if (text === SUPPRESSED_MARK) return <SuppressedNote />;
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

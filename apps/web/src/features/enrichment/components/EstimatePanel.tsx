import { Paper, Text, Title } from '@mantine/core';
import {
  estimateEnrichment,
  formatDuration,
  PAGES_PER_SITE,
  SECONDS_PER_PAGE,
  SITES_AT_ONCE,
} from '../estimate';

const number = (value: number) => value.toLocaleString('en-US');

/**
 * The estimate with its basis in plain sight: businesses with a website × pages per site, at the crawler's pace.
 * `isUpperBound`: the site count is the selection's size, not yet checked for websites.
 */
export function EstimatePanel({
  sites,
  isUpperBound,
  needsCrawl,
}: {
  sites: number;
  isUpperBound: boolean;
  needsCrawl: boolean;
}) {
  const estimate = estimateEnrichment(sites, needsCrawl);
  const siteWords = `${isUpperBound ? 'up to ' : ''}${number(sites)} ${sites === 1 ? 'website' : 'websites'}`;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="enrichment-estimate">
      <Title order={2} size="h4" id="enrichment-estimate" mb="xs">
        Estimate
      </Title>
      {estimate.needsCrawl ? (
        <>
          <Text data-testid="estimate-pages">
            Up to {number(estimate.maxPages)} pages, {formatDuration(estimate.seconds)}
          </Text>
          <Text size="sm" c="dimmed" data-testid="estimate-basis">
            {siteWords} × up to {PAGES_PER_SITE} pages each (the home page and up to {PAGES_PER_SITE - 1} that
            matter: about, contact, imprint, careers, team, pricing), read {SITES_AT_ONCE} sites at a time,
            one page at a time per site at about {SECONDS_PER_PAGE} s a page. Most sites have fewer pages, so
            it is often quicker.
          </Text>
        </>
      ) : (
        <>
          <Text data-testid="estimate-pages">No pages to read, under a minute</Text>
          <Text size="sm" c="dimmed" data-testid="estimate-basis">
            ICP fit alone scores what earlier runs found on {siteWords}; it reads no website.
          </Text>
        </>
      )}
    </Paper>
  );
}

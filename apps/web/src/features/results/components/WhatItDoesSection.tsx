import type { Business } from '@argo/contract';
import { Fact, Section, Source } from './drawer-parts';

/** The drawer's "What it does": the summary of its website, its industry, services, customers and size. */
export function WhatItDoesSection({ business }: { business: Business }) {
  const details = business.details ?? {};
  const pages = details.pages ?? [];
  const services = details.services ?? [];
  if (!business.summary && !business.industry && services.length === 0) return null;
  return (
    <Section title="What it does">
      {business.summary && (
        <Fact
          label={`Summary (${details.summary_generated_by === 'model' ? 'written by a language model' : 'built-in summary'})`}
          source={<Source url={pages[0]?.url} observedAt={pages[0]?.fetched_at ?? business.updated_at} />}
        >
          {business.summary}
        </Fact>
      )}
      {business.industry && <Fact label="Industry">{business.industry}</Fact>}
      {services.length > 0 && <Fact label="Services">{services.join(', ')}</Fact>}
      {details.customer_type && <Fact label="Customers">{details.customer_type}</Fact>}
      {details.size_hint && <Fact label="Size">{details.size_hint}</Fact>}
    </Section>
  );
}

/** Stored enrichment results → the detail drawer's facts (contract BusinessDetails), each with its page. */
import type { BusinessDetails } from '@argo/contract';
import type { EnrichmentResultRow } from '../../db/schema';

type Data = Record<string, unknown>;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const records = (value: unknown): Data[] =>
  Array.isArray(value) ? value.filter((v): v is Data => typeof v === 'object' && v !== null) : [];

/** The details of one business, or undefined when nothing was stored for it yet. */
export function detailsFrom(enrichments: readonly EnrichmentResultRow[]): BusinessDetails | undefined {
  if (enrichments.length === 0) return undefined;
  const byType = new Map(enrichments.map((e) => [e.type, e]));
  const details: BusinessDetails = {};
  const summary = byType.get('ai_summary');
  if (summary) {
    const data = summary.data;
    details.services = strings(data.services);
    details.customer_type = text(data.customer_type);
    details.size_hint = text(data.size_hint);
    details.contacts = records(data.contacts).flatMap((c) =>
      typeof c.kind === 'string' && typeof c.value === 'string'
        ? [{ kind: c.kind, value: c.value, source_url: text(c.source_url) }]
        : [],
    );
    details.summary_generated_by = summary.producedBy;
  }
  const careers = byType.get('career_analysis');
  if (careers) {
    const data = careers.data;
    details.careers = {
      url: text(data.careers_url),
      ats: text(data.ats),
      roles: records(data.roles).flatMap((r) =>
        typeof r.title === 'string'
          ? [{ title: r.title, department: text(r.department), location: text(r.location), url: text(r.url) }]
          : [],
      ),
    };
  }
  const icp = byType.get('icp_analysis');
  if (icp) {
    details.icp_reasons = records(icp.data.reasons).flatMap((r) =>
      typeof r.criterion === 'string'
        ? [{ criterion: r.criterion, matched: r.matched === true, evidence: text(r.evidence) }]
        : [],
    );
  }
  // The pages of the latest crawl: every crawl-based result carries the pages it read.
  const crawled = enrichments
    .filter((e) => e.type !== 'icp_analysis' && Array.isArray(e.data.pages))
    .sort((a, b) => b.observedAt.getTime() - a.observedAt.getTime())[0];
  if (crawled) {
    details.pages = records(crawled.data.pages).flatMap((p) =>
      typeof p.url === 'string' && typeof p.fetched_at === 'string'
        ? [{ url: p.url, fetched_at: new Date(p.fetched_at).toISOString() }]
        : [],
    );
  }
  return details;
}

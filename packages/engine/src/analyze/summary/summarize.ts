import { parse } from 'tldts';
import type { ParsedPage } from '../../crawl/page';
import { yieldToIo } from '../../yield-to-io';
import { describeBusiness } from './builtin';
import { collectContacts } from './contacts';
import { countryHints, siteCountry } from './country';
import { extractKeywords } from './keywords';
import { siteLanguage } from './language';
import { describeWithModel } from './model';
import { estimateSize } from './size';
import { readStructuredData } from './structured-data';
import type { AiSummary, SummarizeOptions } from './types';

/**
 * ai_summary for one site. Contacts, schema.org data, language, size hints and keywords are always rule-based.
 * Summary, services, industry and customer type come from the language model when one is given, else (or when
 * it fails) from the built-in analyzer; `produced_by` says which, `model_error` why a model was not used.
 */
export async function summarizeSite(pages: ParsedPage[], options: SummarizeOptions = {}): Promise<AiSummary> {
  const ordered = orderPages(pages.filter((p) => typeof p.html === 'string'));
  const structured = readStructuredData(ordered);
  const language = siteLanguage(ordered);
  const home = ordered[0];
  const region = home
    ? siteCountry({
        businessCountry: options.business?.country ?? null,
        organizationCountry: structured.country,
        url: home.url,
        htmlLang: home.$('html').attr('lang') ?? null,
        language,
        hints: countryHints(ordered, language),
      })
    : { country: null, candidates: [] };
  await yieldToIo();
  const domainLabel = home ? (parse(home.url).domainWithoutSuffix ?? null) : null;
  const siteNames = [
    options.business?.name,
    typeof structured.organization?.name === 'string' ? structured.organization.name : null,
    domainLabel,
  ].filter((n): n is string => Boolean(n));
  const contacts = collectContacts({ pages: ordered, structured, region, siteNames });
  const size = estimateSize(ordered, language);
  const base = {
    ...size,
    language,
    country: region.country,
    contacts,
    organization: structured.organization,
    keywords: extractKeywords(ordered),
    source_urls: ordered.map((p) => p.url),
  };

  const model = options.languageModel ?? null;
  let modelError: string | undefined;
  if (model && ordered.length) {
    try {
      const described = await describeWithModel(model, ordered, {
        ...(options.business ? { business: options.business } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return { ...described, ...base, produced_by: 'model' };
    } catch (error) {
      // A cancelled run stops; any other model failure falls back to the built-in analyzer.
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      modelError = error instanceof Error ? error.message : String(error);
    }
  }
  await yieldToIo();
  const described = describeBusiness(ordered, structured, options.business);
  return {
    ...described,
    ...base,
    produced_by: 'builtin',
    ...(modelError ? { model_error: modelError } : {}),
  };
}

const ROLE_ORDER: Record<string, number> = {
  home: 0,
  about: 1,
  contact: 2,
  team: 3,
  pricing: 4,
  other: 5,
  careers: 6,
  imprint: 7,
};

/** Home first, then about, contact … (stable within a role). */
function orderPages(pages: ParsedPage[]): ParsedPage[] {
  return pages
    .map((page, index) => ({ page, index }))
    .sort((a, b) => (ROLE_ORDER[a.page.role] ?? 5) - (ROLE_ORDER[b.page.role] ?? 5) || a.index - b.index)
    .map(({ page }) => page);
}

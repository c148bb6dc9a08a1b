import type { LanguageModel } from '../../llm/language-model';

type ContactKind = 'email' | 'phone' | 'social' | 'address' | 'opening_hours';

/** One way to reach the business, with the page it was read from. */
export interface ContactFact {
  kind: ContactKind;
  /**
   * email lower-cased; phone in E.164, or as written when its country cannot be told (valid in several candidate
   * countries); social a canonical profile URL; address and hours as one line.
   */
  value: string;
  source_url: string | null;
}

export type CustomerType = 'B2B' | 'B2C' | 'both';

/** The ai_summary analyzer's result (INTERFACES.md). */
export interface AiSummary {
  /** 1–3 sentences: in English from a model; from the built-in analyzer, extracted in the site's own words. */
  summary: string | null;
  services: string[];
  /** One value of INDUSTRIES, or null when nothing fits well enough. */
  industry: string | null;
  customer_type: CustomerType | null;
  /** e.g. "2–10 employees (the team page lists 6 people)". */
  size_hint: string | null;
  employee_estimate: number | null;
  /** ISO 639-1 of the site. */
  language: string | null;
  /**
   * The country the site is in (ISO alpha-2): the business's own when it was given, else as its domain, language,
   * phone numbers and addresses settle it (summary/country.ts); null when they do not. Optional: results stored
   * before it was read lack it.
   */
  country?: string | null;
  contacts: ContactFact[];
  /** schema.org Organization/LocalBusiness as found (JSON-LD or microdata), referenced nodes inlined. */
  organization: Record<string, unknown> | null;
  /** Salient terms from the pages, for ICP keyword matching (lower case). */
  keywords: string[];
  produced_by: 'model' | 'builtin';
  /** Set when a model was configured but failed, so the built-in analyzer wrote the texts: why it failed. */
  model_error?: string;
  source_urls: string[];
}

export interface SummarizeOptions {
  languageModel?: LanguageModel | null;
  signal?: AbortSignal;
  business?: { name?: string | null; category?: string | null; country?: string | null };
}

/**
 * What the ICP profiles and the outreach writer know of a business, of the venture it is written for and of the
 * person who sends it: plain values read from the stored results, so the rules here need no database.
 */
import type { IcpPeopleFacts } from '../analyze/icp/facts';

/** One business as the segmenting and the outreach writer see it. */
export interface BusinessFacts {
  id: string;
  name: string;
  website: string | null;
  category: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  industry: string | null;
  summary: string | null;
  rating: number | null;
  review_count: number | null;
  hiring: boolean | null;
  icp_score: number | null;
  icp_tier: string | null;
  /** Names of the detected business software (not infrastructure), in the detector's order. */
  software: string[];
  /** The page each of `software` was seen on. */
  software_urls: (string | null)[];
  /**
   * The detector's category ids of each of `software` (Wappalyzer ids); missing or empty when unknown. They tell
   * a business tool (booking, shop, CRM) from site furniture (a theme, a cookie banner, analytics).
   */
  software_categories?: number[][];
  employee_estimate: number | null;
  roles: string[];
  careers_url: string | null;
  summary_url: string | null;
  /** The first source's page of the place, if any. */
  source_url: string | null;
  domain: string | null;
  /** The stored people result (people, classified addresses, MX checks); null before people were analysed. */
  people: IcpPeopleFacts | null;
}

export interface VentureFacts {
  id: string;
  name: string;
  website: string | null;
  description: string | null;
  valueProposition: string | null;
  /** The ICP's software signals: what a business runs that makes it a customer (the content's best hook). */
  softwareSignals: string[];
}

/** The person who sends the outreach: the signed-in user's own name and job title. */
export interface SenderFacts {
  name: string | null;
  title: string | null;
}

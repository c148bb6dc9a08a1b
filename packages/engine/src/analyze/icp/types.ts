import type { Icp } from '@argo/contract';
import type { PlaceArea } from '../../geo/area';

/** The venture's ICP as the scorer reads it: the contract's `Icp`, defaults filled. */
export type IcpCriteria = Icp;

/**
 * The geocoded area of each ICP location, keyed by the location as the ICP writes it (trimmed); null when the
 * geocoder knows no such place, absent when it was not asked (no geocoder, or it failed): then names decide.
 */
export type IcpAreas = Readonly<Record<string, PlaceArea | null>>;

/**
 * What scoring reads about one business: its stored fields plus what the analyzers found. Built by
 * `icpFactsFrom`, so re-scoring after an ICP edit needs no new crawl.
 */
export interface IcpFacts {
  name: string;
  category: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  /** Where `country` was read when the business's record named none ("its phone +49 30 1234567"); absent otherwise. */
  country_source?: string | null;
  /** Postcode and coordinates of the business (absent or null when unknown): the locations criterion reads them. */
  postal_code?: string | null;
  lat?: number | null;
  lng?: number | null;
  industry: string | null;
  summary: string | null;
  services: string[];
  keywords: string[];
  /** Detected technology names, then their category names ("WordPress", "CMS"). */
  software: string[];
  hiring: boolean | null;
  employee_estimate: number | null;
  /**
   * Where the employee count was read when no page stated it, in words (the imported file's column); absent when
   * it came from the site (its page is evidence_urls.employee_estimate).
   */
  employee_source?: string | null;
  /**
   * The decision-makers (owner/founder, executive) the site names, best reachable first; null or absent when the
   * people analyzer has not run. Built by `icpFactsFrom` from the people result.
   */
  decision_makers?: IcpDecisionMaker[] | null;
  /**
   * Where a fact was read: keys are fact names ("industry", "summary", "hiring", "employee_estimate", …) or
   * "software:<name>"; null or absent = a stored business field (no page behind it).
   */
  evidence_urls?: Record<string, string | null>;
}

/** A named decision-maker and how Argo could reach them (only what the page ties to them). */
export interface IcpDecisionMaker {
  name: string;
  role: string;
  /** owner_founder or executive (DECISION_MAKER_SENIORITIES). */
  seniority: string;
  /** Their own address found on a page whose domain is not known to lack mail servers (never a guessed one). */
  email: string | null;
  phone: string | null;
  /** The page that names them. */
  source_url: string;
}

export interface IcpReason {
  /**
   * industries | locations | keywords | software_signals | employee_size | hiring_signal | reachable_decision_maker |
   * exclude_keywords | note
   */
  criterion: string;
  matched: boolean;
  /** The criterion's share of the score, in percent of all criteria the ICP names (0 for exclusions and notes). */
  weight: number;
  /** Points this criterion earned (0 ≤ points ≤ weight). The score is the sum of points, unless capped. */
  points: number;
  /** Which fact matched or failed, with the page it came from. */
  evidence: string | null;
}

export type IcpTier = 'A' | 'B' | 'C' | 'D';

export interface IcpAnalysis {
  score: number;
  tier: IcpTier;
  reasons: IcpReason[];
  produced_by: 'model' | 'builtin';
}

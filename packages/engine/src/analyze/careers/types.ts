/** What career_analysis answers (INTERFACES.md); every role says where it was read. */

export interface JobRole {
  title: string;
  department: string | null;
  location: string | null;
  /** The posting's own page (on the site or the ATS), when known. */
  url: string | null;
}

type CareerMethod = 'ats_api' | 'json_ld' | 'page' | 'none';

export interface CareerAnalysis {
  /** null = could not tell (no careers page found, or only an ATS widget whose jobs could not be read). */
  hiring: boolean | null;
  careers_url: string | null;
  /** Applicant-tracking system seen on the site: 'Greenhouse', 'Lever', 'Workable', 'Personio', … */
  ats: string | null;
  roles: JobRole[];
  /** The page (or ATS API URL) the roles were read from. */
  source_url: string | null;
  method: CareerMethod;
}

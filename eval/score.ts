/**
 * Scoring each analyzer's output on a page against the page's labels. Every miss, false positive and unlabelled
 * finding becomes a Finding with the page and the evidence, so a run can be read and not only counted.
 *
 * Labels are a lower bound. A finding the labels lack is "unlabelled, check": it counts against precision until
 * someone reads the page and records it in eval/verified/<analyzer>.json with an exact quote of the markup that proves it
 * (the harness checks the quote is in the page). Technologies reported only by implication (WordPress → PHP)
 * are listed as "inferred" and not scored: no page proves them.
 */
import type { AiSummary, CareerAnalysis, Detection } from '@argo/engine';
import { getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { parse as parseDomain } from 'tldts';
import type { PageOutput } from './analyze';
import type { EvalPage } from './corpus';
import { acceptedIndustries } from './industry-labels';
import { type Counts, emptyCounts, type Finding, type PageScore, titleKey } from './metrics';
import { scorePeople } from './score-people';
import { acceptsTechnology, detectionProvedByPage } from './software-names';
import type { Verified } from './verified';

type Scorer = (page: EvalPage, output: PageOutput, verified: Verified, score: PageScore) => void;

function finding(score: PageScore, page: EvalPage, f: Omit<Finding, 'page'>) {
  score.findings.push({ ...f, page: page.id });
}

// ---------------------------------------------------------------- software

const scoreSoftware: Scorer = (page, { software }, verified, score) => {
  const truth = page.truth.technologies;
  if (!truth) return;
  const counts = emptyCounts();
  const proved = software.filter(detectionProvedByPage);
  for (const t of truth) {
    if (proved.some((d) => acceptsTechnology(t.name, d.name))) counts.tp++;
    else {
      counts.fn++;
      finding(score, page, { analyzer: 'software', kind: 'miss', what: t.name, evidence: t.evidence });
    }
  }
  for (const d of proved) {
    if (truth.some((t) => acceptsTechnology(t.name, d.name))) continue;
    if (verified.has(page.id, 'software', d.name)) counts.tp++;
    else {
      counts.fp++;
      finding(score, page, {
        analyzer: 'software',
        kind: 'unlabelled',
        what: d.name,
        evidence: describeEvidence(d),
      });
    }
  }
  for (const d of software.filter((d) => !detectionProvedByPage(d))) {
    finding(score, page, {
      analyzer: 'software',
      kind: 'inferred',
      what: d.name,
      evidence: describeEvidence(d),
    });
  }
  score.counts.software = counts;
};

const describeEvidence = (d: Detection) =>
  d.evidence
    .slice(0, 2)
    .map((e) => `${e.type}: ${e.match}`.slice(0, 140))
    .join(' | ');

// ---------------------------------------------------------------- hiring

const scoreHiring: Scorer = (page, { careers }, _verified, score) => {
  if (!careers || page.truth.hiring === undefined || page.truth.hiring === null) return;
  const truth = page.truth.hiring;
  score.right.hiring = careers.hiring === truth ? 1 : 0;
  if (careers.hiring !== truth) {
    finding(score, page, {
      analyzer: 'hiring',
      kind: 'wrong',
      what: `hiring ${String(careers.hiring)}, label ${String(truth)}`,
      evidence: `method ${careers.method}, ${careers.roles.length} roles`,
    });
  }
  scoreRoles(page, careers, score);
};

function scoreRoles(page: EvalPage, careers: CareerAnalysis, score: PageScore) {
  const truth = page.truth.roles ?? [];
  const counts = emptyCounts();
  const found = careers.roles.map((r) => titleKey(r.title));
  for (const title of truth) {
    if (found.includes(titleKey(title))) counts.tp++;
    else {
      counts.fn++;
      finding(score, page, {
        analyzer: 'roles',
        kind: 'miss',
        what: title,
        evidence: `found: ${careers.roles.map((r) => r.title).join('; ') || 'none'}`,
      });
    }
  }
  const wanted = truth.map(titleKey);
  for (const role of careers.roles) {
    if (wanted.includes(titleKey(role.title))) continue;
    counts.fp++;
    finding(score, page, {
      analyzer: 'roles',
      kind: 'false_positive',
      what: role.title,
      evidence: [role.department, role.location, role.url].filter(Boolean).join(' · ') || careers.method,
    });
  }
  score.counts.roles = counts;
}

// ---------------------------------------------------------------- industry and summary

const scoreIndustry: Scorer = (page, { summary }, _verified, score) => {
  const accepted = acceptedIndustries(page.id, page.truth.industry);
  if (!accepted) return;
  const right = summary.industry !== null && accepted.includes(summary.industry as never);
  score.right.industry = right ? 1 : 0;
  if (!right) {
    finding(score, page, {
      analyzer: 'industry',
      kind: 'wrong',
      what: `${summary.industry ?? 'none'} (label: ${accepted.join(' / ')})`,
      evidence: page.truth.industry ?? 'argo label',
    });
  }
};

const scoreSummary: Scorer = (page, { summary }, _verified, score) => {
  const mentions = page.truth.summary_mentions;
  if (mentions) {
    const text = (summary.summary ?? '').toLowerCase();
    const right = mentions.some((m) => text.includes(m.toLowerCase()));
    score.right.summary = right ? 1 : 0;
    if (!right) {
      finding(score, page, {
        analyzer: 'summary',
        kind: 'wrong',
        what: summary.summary ?? 'none',
        evidence: `should mention one of: ${mentions.join(', ')}`,
      });
    }
  }
  // Every summary is printed for reading: no label captures "useful".
  finding(score, page, {
    analyzer: 'summary',
    kind: 'read',
    what: summary.summary ?? '(none)',
    evidence: `industry ${summary.industry ?? 'none'} · ${summary.customer_type ?? 'customer type unknown'}`,
  });
};

// ---------------------------------------------------------------- contacts

const contactValues = (summary: AiSummary, kind: 'email' | 'phone') =>
  summary.contacts.filter((c) => c.kind === kind).map((c) => c.value);

const scoreEmails: Scorer = (page, { summary }, verified, score) => {
  const truth = page.truth.emails;
  if (!truth) return;
  const wanted = new Set(truth.map((e) => e.toLowerCase()));
  const found = new Set(contactValues(summary, 'email').map((e) => e.toLowerCase()));
  score.counts.emails = compareSets(page, 'emails', wanted, found, verified, score);
};

function compareSets(
  page: EvalPage,
  analyzer: 'emails' | 'phones',
  wanted: Set<string>,
  found: Set<string>,
  verified: Verified,
  score: PageScore,
  shown: (key: string) => string = (k) => k,
): Counts {
  const counts = emptyCounts();
  for (const key of wanted) {
    if (found.has(key)) counts.tp++;
    else {
      counts.fn++;
      finding(score, page, { analyzer, kind: 'miss', what: shown(key), evidence: 'labelled' });
    }
  }
  for (const key of found) {
    if (wanted.has(key)) continue;
    if (verified.has(page.id, analyzer, key)) counts.tp++;
    else {
      counts.fp++;
      finding(score, page, { analyzer, kind: 'unlabelled', what: key, evidence: 'found, not labelled' });
    }
  }
  return counts;
}

/**
 * The country a national number on the page belongs to, decided by the harness (not by the analyzer under test):
 * the ccTLD's country, else the main country of the page's language.
 */
const LANGUAGE_COUNTRY: Record<string, string> = {
  de: 'DE',
  no: 'NO',
  fr: 'FR',
  nl: 'NL',
  it: 'IT',
  es: 'ES',
};
function pageCountry(page: EvalPage): string | null {
  const suffix = parseDomain(page.url).publicSuffix ?? '';
  if (/^[a-z]{2}$/.test(suffix) && !['io', 'co', 'me', 'tv', 'cc', 'vc', 'ai'].includes(suffix))
    return suffix === 'uk' ? 'GB' : suffix.toUpperCase();
  return (page.truth.language && LANGUAGE_COUNTRY[page.truth.language]) || null;
}

/**
 * A phone as a comparable key: E.164 when it can be read (a "+49 (0)30" or "0049" spelling read as written, a
 * national one with the page's country), else its digits.
 */
function phoneKey(raw: string, country: string | null): string {
  const international = raw.replace(/\(0\)/g, '').replace(/^\s*00(?=[1-9])/, '+');
  const parsed = parsePhoneNumberFromString(international, (country ?? undefined) as never);
  return parsed?.isPossible() ? parsed.number : raw.replace(/\D/g, '');
}

const scorePhones: Scorer = (page, { summary }, verified, score) => {
  const truth = page.truth.phones;
  if (!truth) return;
  const country = pageCountry(page);
  const wanted = new Set(truth.map((p) => phoneKey(p, country)));
  // A number the analyzer kept unnormalised (it could not tell the country) is compared by its digits.
  const found = new Set(
    contactValues(summary, 'phone').map((p) => (p.startsWith('+') ? p : phoneKey(p, country))),
  );
  const callingCode = country ? `+${getCountryCallingCode(country as never)}` : null;
  score.counts.phones = compareSets(page, 'phones', wanted, found, verified, score, (k) =>
    callingCode && k.startsWith('+') && !k.startsWith(callingCode) ? `${k} (not ${country})` : k,
  );
};

const scoreAddress: Scorer = (page, { summary }, _verified, score) => {
  const truth = page.truth.address;
  if (truth === undefined) return;
  const found = summary.contacts.filter((c) => c.kind === 'address').map((c) => c.value);
  const key = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const right = found.length > 0 && key(found[0] ?? '') === key(truth);
  score.right.address = right ? 1 : 0;
  if (!right) {
    finding(score, page, {
      analyzer: 'address',
      kind: 'wrong',
      what: found[0] ?? 'none',
      evidence: `label: ${truth}${found.length > 1 ? `; also found: ${found.slice(1).join(' | ')}` : ''}`,
    });
  }
};

const SCORERS: Scorer[] = [
  scoreSoftware,
  scoreHiring,
  scoreIndustry,
  scoreSummary,
  scoreEmails,
  scorePhones,
  scoreAddress,
  scorePeople,
];

export function scorePage(page: EvalPage, output: PageOutput, verified: Verified): PageScore {
  const score: PageScore = { counts: {}, right: {}, findings: [] };
  for (const scorer of SCORERS) scorer(page, output, verified, score);
  return score;
}

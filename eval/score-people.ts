/**
 * Scoring the people analyzer: persons by name (words in any order, accents and titles aside) on every page that
 * labels people — precision over everything found, recall only over the labelled names (a long team page labels
 * a few of its members) — seniority on the persons found, and company facts per field.
 *
 * Seniority labels: our own pages give `seniority` per person; the shared corpus gives roles only, so the
 * seniority an analyst gives each of its roles is written down here (like industry-labels.ts).
 */
import type { PeopleAnalysis } from '@argo/engine';
import type { PageOutput } from './analyze';
import type { EvalPage, TruthCompany, TruthPerson } from './corpus';
import { emptyCounts, type Finding, nameKey, type PageScore } from './metrics';
import type { Verified } from './verified';

type Seniority = 'owner_founder' | 'executive' | 'manager' | 'staff';

/** Our labels for the roles of the shared corpus (../shared/fixtures/eval/truth.json), as an analyst reads them. */
const SHARED_ROLE_SENIORITY: Record<string, Seniority> = {
  Inhaber: 'owner_founder',
  'Founder / CEO': 'owner_founder',
  'Co-founder / CTO': 'owner_founder',
  'AI Specialist': 'staff',
  'Solutions Architect': 'staff',
  'Business Development': 'staff',
};

type LabelledPerson = TruthPerson & { seniority?: Seniority };
/** Our own pages may label the head count and the opening hours too. */
type LabelledCompany = TruthCompany & { employees?: number };

function finding(score: PageScore, page: EvalPage, f: Omit<Finding, 'page'>) {
  score.findings.push({ ...f, page: page.id });
}

export function scorePeople(page: EvalPage, { people }: PageOutput, verified: Verified, score: PageScore) {
  if (!people) return;
  scorePersons(page, people, verified, score);
  scoreCompany(page, people, score);
}

function scorePersons(page: EvalPage, result: PeopleAnalysis, verified: Verified, score: PageScore) {
  const truth = page.truth.people as LabelledPerson[] | undefined;
  // Pages without people labels (html/, careers/) are still read: whoever is found there must be checked.
  const labels = truth ?? [];
  const counts = emptyCounts();
  const found = new Map(result.people.map((p) => [nameKey(p.name), p]));
  let seniorityRight = 0;
  let seniorityTotal = 0;
  for (const label of labels) {
    const person = found.get(nameKey(label.name));
    if (!person) {
      if (!truth) continue;
      counts.fn++;
      finding(score, page, {
        analyzer: 'people',
        kind: 'miss',
        what: `${label.name} (${label.role})`,
        evidence: label.evidence ?? 'labelled',
      });
      continue;
    }
    counts.tp++;
    const expected = label.seniority ?? SHARED_ROLE_SENIORITY[label.role];
    if (expected) {
      seniorityTotal++;
      if (person.seniority === expected) seniorityRight++;
      else
        finding(score, page, {
          analyzer: 'seniority',
          kind: 'wrong',
          what: `${person.name}: ${person.seniority} (label: ${expected})`,
          evidence: `role as found: ${person.role}; labelled: ${label.role}`,
        });
    }
  }
  const wanted = new Set(labels.map((l) => nameKey(l.name)));
  for (const person of result.people) {
    if (wanted.has(nameKey(person.name))) continue;
    if (verified.has(page.id, 'people', person.name)) {
      counts.tp++;
      continue;
    }
    counts.fp++;
    finding(score, page, {
      analyzer: 'people',
      kind: 'unlabelled',
      what: `${person.name} — ${person.role} (${person.seniority})`,
      evidence: `${person.source}: ${person.evidence}`,
    });
  }
  score.counts.people = counts;
  if (seniorityTotal) score.right.seniority = seniorityRight === seniorityTotal ? 1 : 0;
}

/** Lower case, letters and digits only: "DE 322 921 549" = "DE322921549", "Amtsgericht  Regensburg" = "amtsgerichtregensburg". */
const compact = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

function scoreCompany(page: EvalPage, result: PeopleAnalysis, score: PageScore) {
  const truth = page.truth.company as LabelledCompany | undefined;
  const c = result.company;
  const register = c.register
    ? [c.register.value.court, c.register.value.number].filter(Boolean).join(' ')
    : null;
  const found: Record<string, { value: string | null; evidence: string }> = {
    legal_name: { value: c.legal_name?.value ?? null, evidence: c.legal_name?.evidence ?? '' },
    legal_form: { value: c.legal_form?.value ?? null, evidence: c.legal_form?.evidence ?? '' },
    register: { value: register, evidence: c.register?.evidence ?? '' },
    vat_id: { value: c.vat_id?.value.id ?? null, evidence: c.vat_id?.evidence ?? '' },
    founded: { value: c.founded ? String(c.founded.value) : null, evidence: c.founded?.evidence ?? '' },
    employees: {
      value: c.employees ? String(c.employees.value) : null,
      evidence: c.employees?.evidence ?? '',
    },
  };
  for (const [field, got] of Object.entries(found)) {
    const label = truth?.[field as keyof LabelledCompany];
    if (label === undefined || label === null) {
      // Not labelled: shown for checking, not scored (the shared labels list only what someone read).
      if (got.value)
        finding(score, page, {
          analyzer: 'company',
          kind: 'read',
          what: `${field}: ${got.value}`,
          evidence: got.evidence,
        });
      continue;
    }
    const right = got.value !== null && compact(got.value) === compact(String(label));
    score.right[`co.${field}`] = right ? 1 : 0;
    if (!right)
      finding(score, page, {
        analyzer: 'company',
        kind: 'wrong',
        what: `${field}: ${got.value ?? 'none'} (label: ${label})`,
        evidence: got.evidence || 'not found',
      });
  }
}

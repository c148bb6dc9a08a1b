/** Human-readable output of `argo analyze` (the --json output is the SiteEnrichment itself). */
import type { SiteEnrichment } from '../analyze/enrich';

const MAX_EVIDENCE = 2;
const MAX_ROLES = 25;

export function formatEnrichment(input: string, result: SiteEnrichment): string {
  const out: string[] = [];
  const line = (text = '') => out.push(text);
  line(`== ${input}`);
  if (result.pages.length === 0) line('  no page could be read');
  for (const page of result.pages)
    line(`  page  ${page.role.padEnd(8)} ${page.url}  (fetched ${page.fetched_at})`);
  for (const error of result.errors) {
    line(`  skipped ${error.role.padEnd(6)} ${error.url}: ${error.error.kind}: ${error.error.message}`);
  }

  const software = result.software_detection;
  if (software) {
    line();
    line(`Software (${software.technologies.length})`);
    if (software.technologies.length === 0) line('  nothing recognised');
    for (const tech of software.technologies) {
      const version = tech.version ? ` ${tech.version}` : '';
      const categories = tech.categories.map((c) => c.name).join(', ');
      line(`  ${tech.name}${version}  [${categories}]  confidence ${tech.confidence}%`);
      for (const evidence of tech.evidence.slice(0, MAX_EVIDENCE)) {
        line(`      ${evidence.type}: ${clip(evidence.match, 100)}  (${evidence.url})`);
      }
      if (tech.evidence.length > MAX_EVIDENCE) line(`      … ${tech.evidence.length - MAX_EVIDENCE} more`);
    }
  }

  const careers = result.career_analysis;
  if (careers) {
    line();
    const hiring =
      careers.hiring === null ? 'unknown (no careers page found)' : careers.hiring ? 'yes' : 'no';
    line(`Careers  hiring: ${hiring}`);
    if (careers.careers_url) line(`  careers page: ${careers.careers_url}`);
    if (careers.ats) line(`  applicant tracking: ${careers.ats}`);
    if (careers.roles.length) {
      line(
        `  open roles (${careers.roles.length}, read ${careers.method} from ${careers.source_url ?? '?'}):`,
      );
      for (const role of careers.roles.slice(0, MAX_ROLES)) {
        const details = [role.department, role.location].filter(Boolean).join(' · ');
        line(`    - ${role.title}${details ? `  (${details})` : ''}`);
      }
      if (careers.roles.length > MAX_ROLES) line(`    … ${careers.roles.length - MAX_ROLES} more`);
    }
  }

  const summary = result.ai_summary;
  if (summary) {
    line();
    line(`Summary (${summary.produced_by === 'model' ? 'language model' : 'built-in'})`);
    if (summary.summary) line(`  ${summary.summary}`);
    const facts = [
      summary.industry && `industry: ${summary.industry}`,
      summary.customer_type && `customers: ${summary.customer_type}`,
      summary.size_hint && `size: ${summary.size_hint}`,
      summary.language && `language: ${summary.language}`,
    ].filter(Boolean);
    if (facts.length) line(`  ${facts.join(' · ')}`);
    if (summary.services.length) line(`  services: ${summary.services.join(', ')}`);
    for (const contact of summary.contacts) {
      line(
        `  ${contact.kind.padEnd(13)} ${contact.value}${contact.source_url ? `  (${contact.source_url})` : ''}`,
      );
    }
  }

  const people = result.people;
  if (people) {
    line();
    line(`People (${people.people.length})`);
    for (const p of people.people) {
      const reach = [p.email, p.phone, p.linkedin_url].filter(Boolean).join(' · ');
      line(`  ${p.name} — ${p.role} [${p.seniority}]${reach ? `  ${reach}` : ''}  (${p.source_url})`);
    }
    const c = people.company;
    const facts = [
      c.legal_name && `legal name: ${c.legal_name.value}`,
      c.register &&
        `register: ${[c.register.value.court, c.register.value.number].filter(Boolean).join(' ')}`,
      c.vat_id && `VAT: ${c.vat_id.value.id}${c.vat_id.value.checksum_valid ? '' : ' (check digits wrong)'}`,
      c.founded && `founded: ${c.founded.value}`,
      c.employees && `employees: ${c.employees.value}`,
    ].filter(Boolean);
    if (facts.length) line(`  ${facts.join(' · ')}`);
    for (const e of people.emails) line(`  email ${e.email} (${e.kind}${e.person ? `, ${e.person}` : ''})`);
    for (const e of people.suggested_emails)
      line(`  guessed ${e.email} for ${e.person} (pattern ${e.pattern}, unverified)`);
  }

  const icp = result.icp_analysis;
  if (icp) {
    line();
    line(
      `ICP fit  ${icp.score}/100  tier ${icp.tier}  (${icp.produced_by === 'model' ? 'built-in score, model notes' : 'built-in'})`,
    );
    for (const reason of icp.reasons) {
      const mark = reason.matched ? '✓' : '✗';
      const points = reason.weight > 0 ? ` ${reason.points}/${reason.weight}` : '';
      line(`  ${mark} ${reason.criterion}${points}: ${reason.evidence ?? ''}`);
    }
  }

  const failures = Object.entries(result.analyzer_errors);
  if (failures.length) {
    line();
    for (const [type, message] of failures) line(`! ${type}: ${message}`);
  }
  return out.join('\n');
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

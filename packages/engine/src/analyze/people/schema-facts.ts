/** Company facts schema.org states on the Organization/LocalBusiness node: legalName, foundingDate, head count, hours. */
import type { StructuredFacts } from '../summary/structured-data';
import type { CompanyFact } from './types';

export interface SchemaFacts {
  legalName: { value: string; source_url: string } | null;
  founded: CompanyFact<number> | null;
  employees: CompanyFact<number> | null;
  hours: CompanyFact<string[]> | null;
}

export function schemaFacts(structured: StructuredFacts): SchemaFacts {
  const org = structured.organization;
  const url = structured.source_url;
  if (!org || !url) return { legalName: null, founded: null, employees: null, hours: null };
  const legalName = typeof org.legalName === 'string' && org.legalName.trim() ? org.legalName.trim() : null;
  const year = /\b((?:1[6-9]|20)\d{2})\b/.exec(String(org.foundingDate ?? ''))?.[1];
  const employees = headCount(org.numberOfEmployees);
  const evidence = (what: string, value: unknown) => `schema.org ${what}: ${String(value)}`;
  return {
    legalName: legalName ? { value: legalName, source_url: url } : null,
    founded: year
      ? { value: Number(year), source_url: url, evidence: evidence('foundingDate', org.foundingDate) }
      : null,
    employees:
      employees !== null
        ? { value: employees, source_url: url, evidence: evidence('numberOfEmployees', employees) }
        : null,
    hours: structured.openingHours.length
      ? {
          value: structured.openingHours,
          source_url: url,
          evidence: evidence('openingHours', structured.openingHours.join('; ')),
        }
      : null,
  };
}

/** numberOfEmployees is a number, a string, or a QuantitativeValue with value or minValue/maxValue. */
function headCount(value: unknown): number | null {
  if (typeof value === 'number' && value > 0) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
  if (value && typeof value === 'object') {
    const q = value as Record<string, unknown>;
    return headCount(q.value) ?? headCount(q.maxValue) ?? headCount(q.minValue);
  }
  return null;
}

import type { Icp, Person, Venture } from '@argo/contract';
import type { PersonRow, VentureIcp, VentureRow } from '../../db/schema';

/** The stored ICP with every default filled, so old or partial rows still answer the full shape. */
function toIcp(stored: VentureIcp | null | undefined): Icp {
  const icp = stored ?? {};
  return {
    industries: icp.industries ?? [],
    locations: icp.locations ?? [],
    keywords: icp.keywords ?? [],
    exclude_keywords: icp.exclude_keywords ?? [],
    employee_min: icp.employee_min ?? null,
    employee_max: icp.employee_max ?? null,
    software_signals: icp.software_signals ?? [],
    hiring_signal: icp.hiring_signal ?? null,
  };
}

export function toPerson(row: PersonRow): Person {
  return {
    id: row.id,
    venture_id: row.ventureId,
    name: row.name,
    email: row.email,
    title: row.title,
    linkedin_url: row.linkedinUrl,
    user_id: row.userId,
  };
}

/** A venture row → the contract's Venture; `people` is included when given. */
export function toVenture(row: VentureRow, people?: PersonRow[]): Venture {
  return {
    venture_id: row.id,
    account_id: row.accountId,
    name: row.name,
    website: row.website,
    description: row.description,
    value_proposition: row.valueProposition,
    icp: toIcp(row.icp),
    ...(people ? { people: people.map(toPerson) } : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

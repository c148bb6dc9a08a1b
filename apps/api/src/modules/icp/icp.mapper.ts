import { Icp, type IcpProfile } from '@argo/contract';
import type { IcpProfileRow } from '../../db/schema';

/**
 * A stored profile → the contract's IcpProfile (criteria re-read through the schema, so defaults are filled). The
 * examples are businesses of the profile's session: once that session is deleted (session_id null) they are gone
 * with it, and no one can read them any more, so none are shown.
 */
export function toIcpProfile(row: IcpProfileRow): IcpProfile {
  const criteria = Icp.safeParse(row.criteria);
  const stored = row.sessionId !== null && Array.isArray(row.examples) ? row.examples : [];
  const examples = stored.flatMap((e) => {
    const example = e as { business_id?: unknown; name?: unknown };
    return typeof example.business_id === 'string' && typeof example.name === 'string'
      ? [{ business_id: example.business_id, name: example.name }]
      : [];
  });
  return {
    id: row.id,
    venture_id: row.ventureId,
    session_id: row.sessionId,
    name: row.name,
    criteria: criteria.success ? criteria.data : Icp.parse({}),
    size: row.size,
    examples,
    why: row.why ?? '',
    generated_by: row.generatedBy,
    created_at: row.createdAt.toISOString(),
  };
}

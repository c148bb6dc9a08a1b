import type { RemovePersonBody } from '@argo/contract';
import type { Database } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { AppError, notFound } from '../../http/errors';
import { requireSessionAccess } from '../access/access.service';
import { findBusinessPeople, removePersonFromSession, samePersonKey } from './people.repository';

type Data = Record<string, unknown>;
const records = (value: unknown): Data[] =>
  Array.isArray(value) ? value.filter((v): v is Data => typeof v === 'object' && v !== null) : [];
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * POST /user/session/:id/people/remove (edit access): the person leaves the session's results — their entries, the
 * addresses that are theirs (a personal address tied to them, or one the analyzer classified as theirs; never a
 * shared role address such as info@) — and stays out when the business is enriched again or the session restarted.
 */
export async function removePerson(
  db: Database,
  actor: ActorUser,
  sessionId: string,
  body: RemovePersonBody,
): Promise<void> {
  await requireSessionAccess(db, actor, sessionId, 'edit');
  const business = await findBusinessPeople(db, sessionId, body.business_id);
  if (!business) throw notFound('Business');
  const people = records(business.data?.people);
  const names = people.map((p) => text(p.name) ?? '');
  const matches = await samePersonKey(db, names, body.name);
  const removed = people.filter((_, i) => matches[i]);
  if (removed.length === 0) {
    throw new AppError('not_found', `No person named "${body.name}" among this business's people.`, 'name');
  }
  const emails = records(business.data?.emails);
  const theirs = new Set<string>();
  for (const person of removed) {
    const name = text(person.name);
    for (const e of emails) {
      const email = text(e.email)?.toLowerCase();
      if (!email) continue;
      const isOwn = email === text(person.email)?.toLowerCase();
      if (e.person === name || (isOwn && e.kind === 'personal')) theirs.add(email);
    }
  }
  await db.transaction((tx) =>
    removePersonFromSession(tx, {
      accountId: business.accountId,
      sessionId,
      businessKey: business.dedupeKey,
      name: body.name,
      emails: [...theirs],
      removedBy: actor.id,
    }),
  );
}

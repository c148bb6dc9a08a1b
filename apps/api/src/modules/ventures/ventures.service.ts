import type { CreateVentureBody, Person, UpdateVentureBody, Venture } from '@argo/contract';
import { parseWebsite } from '@argo/engine';
import type { Database, DatabaseExecutor } from '../../db/client';
import type { NewPersonRow, PersonRow } from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import { requireVentureAccess } from '../access/access.service';
import { toPerson, toVenture } from './ventures.mapper';
import {
  assignUserToVenture,
  deleteVentureRow,
  findAccountUserIds,
  findUserIdsByEmail,
  findVenture,
  insertVenture,
  listPeople,
  listPersonIds,
  listVisibleVentures,
  replacePeople,
  updateVentureRow,
} from './ventures.repository';

type PersonInput = NonNullable<CreateVentureBody['people']>[number];

/** What the venture calls need from the configuration. */
export interface VentureOptions {
  /** CRAWL_ALLOW_HOSTS: a website on these IP addresses and ranges is a website too. */
  allowAddresses: readonly string[];
}

/**
 * A venture's website must be one the crawler and the engine read as a website ("htp:/not a url" is none): a name
 * such as acme.com, or an address CRAWL_ALLOW_HOSTS allows. Null (no website) is fine.
 */
function checkWebsite(website: string | null | undefined, options: VentureOptions): void {
  if (!website || parseWebsite(website, { allowAddresses: options.allowAddresses })) return;
  throw badRequest(
    'website: is not a web address; write one such as acme.com or https://acme.com (or leave it empty).',
    'website',
  );
}
type TeamRow = Omit<NewPersonRow, 'ventureId' | 'accountId' | 'position'> & { id?: string };

/**
 * Turns the team of a request into rows: an explicit `user_id` must be a user of the account; otherwise a person
 * whose email is the email of a user of the account is linked to that user. On update, `existingIds` are the
 * venture's people: a given `id` must be one of them.
 */
async function resolveTeam(
  db: DatabaseExecutor,
  accountId: string,
  team: PersonInput[],
  existingIds: string[] = [],
): Promise<TeamRow[]> {
  const existing = new Set(existingIds);
  const seen = new Set<string>();
  for (const [i, person] of team.entries()) {
    if (person.id === undefined) continue;
    if (!existing.has(person.id)) {
      throw badRequest(`people.${i}.id: no person with this id in this venture.`, `people.${i}.id`);
    }
    if (seen.has(person.id)) throw badRequest(`people.${i}.id: is listed twice.`, `people.${i}.id`);
    seen.add(person.id);
  }
  const givenUserIds = team.flatMap((p) => (p.user_id ? [p.user_id] : []));
  const emails = team.flatMap((p) => (p.email ? [p.email] : []));
  const [knownUserIds, userIdByEmail] = await Promise.all([
    findAccountUserIds(db, accountId, givenUserIds),
    findUserIdsByEmail(db, accountId, emails),
  ]);
  return team.map((person, i) => {
    if (person.user_id && !knownUserIds.has(person.user_id)) {
      throw badRequest(`people.${i}.user_id: no user with this id in your account.`, `people.${i}.user_id`);
    }
    const email = person.email ?? null;
    return {
      ...(person.id ? { id: person.id } : {}),
      name: person.name,
      email,
      title: person.title ?? null,
      linkedinUrl: person.linkedin_url ?? null,
      userId: person.user_id || (email ? (userIdByEmail.get(email) ?? null) : null),
    };
  });
}

/** A new venture; a member who creates one is assigned to it, so they keep seeing it. */
export async function createVenture(
  db: Database,
  actor: ActorUser,
  body: CreateVentureBody,
  options: VentureOptions,
): Promise<Venture> {
  checkWebsite(body.website, options);
  const team = await resolveTeam(db, actor.accountId, body.people ?? []);
  const ventureId = await db.transaction(async (tx) => {
    const venture = await insertVenture(tx, {
      accountId: actor.accountId,
      name: body.name,
      website: body.website ?? null,
      description: body.description ?? null,
      valueProposition: body.value_proposition ?? null,
      icp: body.icp,
    });
    await replacePeople(tx, venture.id, actor.accountId, team);
    if (actor.role !== 'admin') await assignUserToVenture(tx, actor.id, venture.id);
    return venture.id;
  });
  return loadVenture(db, actor.accountId, ventureId);
}

async function loadVenture(db: DatabaseExecutor, accountId: string, ventureId: string): Promise<Venture> {
  const row = await findVenture(db, accountId, ventureId);
  if (!row) throw notFound('Venture');
  return toVenture(row, await listPeople(db, [row.id]));
}

/**
 * Changes the fields given. `icp` replaces the whole ICP (fields left out take their defaults, they are not merged
 * with the stored ICP); `people` replaces the team, keeping (and updating) the people whose id is given.
 */
export async function changeVenture(
  db: Database,
  actor: ActorUser,
  body: UpdateVentureBody,
  options: VentureOptions,
): Promise<Venture> {
  await requireVentureAccess(db, actor, body.venture_id, 'edit');
  checkWebsite(body.website, options);
  const team = body.people
    ? await resolveTeam(db, actor.accountId, body.people, await listPersonIds(db, body.venture_id))
    : undefined;
  await db.transaction(async (tx) => {
    await updateVentureRow(tx, actor.accountId, body.venture_id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.website !== undefined ? { website: body.website } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.value_proposition !== undefined ? { valueProposition: body.value_proposition } : {}),
      ...(body.icp !== undefined ? { icp: body.icp } : {}),
    });
    if (team) await replacePeople(tx, body.venture_id, actor.accountId, team);
  });
  return loadVenture(db, actor.accountId, body.venture_id);
}

/** Admins: every venture of the account; members: the ventures assigned to them. With their people. */
export async function listVentures(db: Database, actor: ActorUser): Promise<Venture[]> {
  const rows = await listVisibleVentures(db, actor);
  const teams = new Map<string, PersonRow[]>(rows.map((r) => [r.id, []]));
  for (const person of await listPeople(
    db,
    rows.map((r) => r.id),
  )) {
    teams.get(person.ventureId)?.push(person);
  }
  return rows.map((row) => toVenture(row, teams.get(row.id)));
}

/** Admins only. Sessions of the venture keep existing without a venture (the foreign key sets it to null). */
export async function removeVenture(db: Database, actor: ActorUser, ventureId: string): Promise<void> {
  await requireVentureAccess(db, actor, ventureId, 'manage');
  await deleteVentureRow(db, actor.accountId, ventureId);
}

export async function listVenturePeople(
  db: Database,
  actor: ActorUser,
  ventureId: string,
): Promise<Person[]> {
  await requireVentureAccess(db, actor, ventureId, 'view');
  return (await listPeople(db, [ventureId])).map(toPerson);
}

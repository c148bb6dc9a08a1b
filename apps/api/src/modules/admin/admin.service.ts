import type {
  AdminSessionsQuery,
  AdminUsersQuery,
  AdminVenture,
  PagedSessions,
  PagedUsers,
  Role,
  User,
} from '@argo/contract';
import type { Database } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { toUser } from '../users/users.mapper';
import {
  addUserVenture,
  findUserInAccount,
  removeUserVenture,
  searchUsersInAccount,
} from '../users/users.repository';
import { checkAccountVentures, deleteUser, getUser, updateUser } from '../users/users.service';
import { toAdminSession, toAdminVenture } from './admin.mapper';
import { listPeopleOfVentures, listVenturesWithCounts, searchAccountSessions } from './admin.repository';

/** GET /admin/users: a page of the account's users, by email, with the total that match. */
export async function listAccountUsers(
  db: Database,
  actor: ActorUser,
  query: AdminUsersQuery,
): Promise<PagedUsers> {
  const { rows, total } = await searchUsersInAccount(db, actor.accountId, {
    page: query.page,
    pageSize: query.page_size,
    search: query.search,
    role: query.role,
  });
  return { items: rows.map(toUser), total, page: query.page, page_size: query.page_size };
}

/** POST /admin/users/assign-role: the same change (and last-admin rule) as PUT /users/:id. */
export async function assignRole(db: Database, actor: ActorUser, userId: string, role: Role): Promise<User> {
  return updateUser(db, actor, userId, { role });
}

async function requireAccountUser(db: Database, actor: ActorUser, userId: string) {
  if (!(await findUserInAccount(db, actor.accountId, userId))) throw notFound('User');
}

/** POST /admin/users/assign-venture: idempotent; the venture must be one of the account's. */
export async function assignVenture(
  db: Database,
  actor: ActorUser,
  userId: string,
  ventureId: string,
): Promise<User> {
  await requireAccountUser(db, actor, userId);
  await checkAccountVentures(db, actor.accountId, [ventureId], 'venture_id');
  await addUserVenture(db, userId, ventureId);
  return getUser(db, actor, userId);
}

/** POST /admin/users/remove-venture: idempotent; removing an assignment that is not there changes nothing. */
export async function removeVenture(
  db: Database,
  actor: ActorUser,
  userId: string,
  ventureId: string,
): Promise<User> {
  await requireAccountUser(db, actor, userId);
  await removeUserVenture(db, userId, ventureId);
  return getUser(db, actor, userId);
}

/** DELETE /admin/users/:id: the same as DELETE /users/:id. */
export async function deleteAccountUser(db: Database, actor: ActorUser, userId: string): Promise<void> {
  await deleteUser(db, actor, userId);
}

/** GET /admin/sessions: every session of the account, newest first. */
export async function listAccountSessions(
  db: Database,
  actor: ActorUser,
  query: AdminSessionsQuery,
): Promise<PagedSessions> {
  const { rows, total } = await searchAccountSessions(db, actor.accountId, {
    page: query.page,
    pageSize: query.page_size,
    search: query.search,
    status: query.status,
    ownerId: query.owner_id,
  });
  return {
    items: rows.map((row) => toAdminSession(row, actor.id)),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** GET /admin/ventures: every venture of the account with its team, member and session counts. */
export async function listAccountVentures(db: Database, actor: ActorUser): Promise<AdminVenture[]> {
  const rows = await listVenturesWithCounts(db, actor.accountId);
  const people = await listPeopleOfVentures(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    toAdminVenture(
      row,
      people.filter((p) => p.ventureId === row.id),
    ),
  );
}

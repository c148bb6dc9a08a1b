import { domainToUnicode } from 'node:url';
import type { ParsedBody, routes, Suppression } from '@argo/contract';
import type { Database } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import {
  deleteSuppression,
  insertSuppressions,
  listSuppressions,
  type SuppressionListRow,
} from './suppressions.repository';

type AddBody = ParsedBody<typeof routes.suppressionsAdd>;

/**
 * The entry as a person reads it: the list stores an internationalised domain in its ASCII form
 * (`xn--mnchen-3ya.de`), and shows it as written in its own script (`münchen.de`).
 */
function readable(kind: Suppression['kind'], value: string): string {
  if (kind === 'domain') return domainToUnicode(value) || value;
  const at = value.lastIndexOf('@');
  return `${value.slice(0, at + 1)}${domainToUnicode(value.slice(at + 1)) || value.slice(at + 1)}`;
}

function toSuppression(row: SuppressionListRow): Suppression {
  return {
    id: row.id,
    kind: row.kind,
    value: readable(row.kind, row.value),
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    created_by: row.creator ? { ...row.creator, name: row.creator.name || null } : null,
  };
}

/** GET /accounts/suppressions: every entry of the caller's account, newest first. */
export async function listAccountSuppressions(db: Database, actor: ActorUser): Promise<Suppression[]> {
  return (await listSuppressions(db, actor.accountId)).map(toSuppression);
}

/**
 * POST /accounts/suppressions (any member: adding only ever stops contact). Answers the entries for the values
 * sent, including those that were already listed, so the caller sees the list's state for each.
 */
export async function addAccountSuppressions(
  db: Database,
  actor: ActorUser,
  body: AddBody,
): Promise<Suppression[]> {
  const unique = [...new Map(body.values.map((e) => [`${e.kind}:${e.value}`, e])).values()];
  await insertSuppressions(db, actor.accountId, unique, body.reason ?? null, actor.id);
  return (await listSuppressions(db, actor.accountId, unique)).map(toSuppression);
}

/** DELETE /accounts/suppressions/:id (admins): 404 for an id the account does not have. */
export async function removeAccountSuppression(db: Database, actor: ActorUser, id: string): Promise<void> {
  if (!(await deleteSuppression(db, actor.accountId, id))) throw notFound('Suppression list entry');
}

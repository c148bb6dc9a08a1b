/**
 * Who may make a call, per kind of caller of route-world.ts (the policies), and the shape of a route case: what
 * route-cases.ts fills in for every call of the contract's route table.
 */
import type { Caller } from './route-world';

/** What a caller must get: allowed (the route's success, or a listed state answer), or a denial status. */
export type Expected = 'ok' | 401 | 403 | 404 | 400;
export type Policy = Record<Caller, Expected>;

export interface Request {
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Case {
  policy: Policy;
  /** Builds the request for one caller, creating fresh targets where the call changes them. */
  request: (caller: Caller) => Promise<Request> | Request;
  /** Answers that also count as allowed (state conflicts of a fresh target, e.g. 409 for cancel on a draft). */
  alsoOk?: number[];
}

const denyAnon = { none: 401, anonymous: 401 } as const;
export const PUBLIC: Policy = {
  none: 'ok',
  anonymous: 'ok',
  member: 'ok',
  viewer: 'ok',
  editor: 'ok',
  admin: 'ok',
  otherMember: 'ok',
  otherAdmin: 'ok',
};
/** Any signed-in user of any account. */
export const SIGNED_IN: Policy = { ...PUBLIC, ...denyAnon };
/** Admins of any account, for calls about their own account. */
export const ADMIN: Policy = {
  ...denyAnon,
  member: 403,
  viewer: 403,
  editor: 403,
  admin: 'ok',
  otherMember: 403,
  otherAdmin: 'ok',
};
/** Admins of the account that owns the target; the other account's admin does not find it. */
export const ADMIN_OF_TARGET: Policy = { ...ADMIN, otherAdmin: 404 };
/** A user of the target's account; another account does not find it. */
export const ACCOUNT_OF_TARGET: Policy = { ...SIGNED_IN, otherMember: 404, otherAdmin: 404 };
/** Read a session: owner, admin, view and edit shares. */
export const SESSION_VIEW: Policy = { ...ACCOUNT_OF_TARGET };
/** Change or run a session: not with a view share. */
export const SESSION_EDIT: Policy = { ...SESSION_VIEW, viewer: 403 };
/** Delete or share a session: owner and admin only. */
export const SESSION_MANAGE: Policy = { ...SESSION_EDIT, editor: 403 };
/** A venture the member is assigned to; colleagues who are not do not see it. */
export const VENTURE_ASSIGNED: Policy = { ...ACCOUNT_OF_TARGET, viewer: 404, editor: 404 };
/** The browser's anonymous token only (a signed-in caller is told to use the app instead). */
export const ANONYMOUS_ONLY: Policy = {
  none: 401,
  anonymous: 'ok',
  member: 400,
  viewer: 400,
  editor: 400,
  admin: 400,
  otherMember: 400,
  otherAdmin: 400,
};

/**
 * Who may make a call, per kind of caller of route-world.ts (the policies), and the shape of a route case: what
 * route-cases.ts fills in for every call of the contract's route table.
 */
import type { Caller } from './route-world';

/** What a caller must get: allowed (the route's success, or a listed state answer), or a denial status. */
type Expected = 'ok' | 401 | 403 | 404 | 400;
export type Policy = Record<Caller, Expected>;

export interface Request {
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** For a list call (Case.listedFor): the id of the row made for this request. */
  target?: string;
}

export interface Case {
  policy: Policy;
  /** Builds the request for one caller, creating fresh targets where the call changes them. */
  request: (caller: Caller) => Promise<Request> | Request;
  /** Answers that also count as allowed (state conflicts of a fresh target, e.g. 409 for cancel on a draft). */
  alsoOk?: number[];
  /**
   * For a list call whose request makes a row (Request.target): the allowed callers who must find it among the
   * answer's items. The other allowed callers must not: a list leaves out the rows its caller may not see.
   */
  listedFor?: readonly Caller[];
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
  ventureMember: 'ok',
  ventureEditor: 'ok',
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
  ventureMember: 403,
  ventureEditor: 403,
};
/** Admins of the account that owns the target; the other account's admin does not find it. */
export const ADMIN_OF_TARGET: Policy = { ...ADMIN, otherAdmin: 404 };
/** A user of the target's account; another account does not find it. */
export const ACCOUNT_OF_TARGET: Policy = { ...SIGNED_IN, otherMember: 404, otherAdmin: 404 };
/** Read a session: owner, admin, view and edit shares; a colleague on its venture without a share does not find it. */
export const SESSION_VIEW: Policy = { ...ACCOUNT_OF_TARGET, ventureMember: 404 };
/** Change or run a session: not with a view share. */
export const SESSION_EDIT: Policy = { ...SESSION_VIEW, viewer: 403 };
/** Delete or share a session: owner and admin only. */
export const SESSION_MANAGE: Policy = { ...SESSION_EDIT, editor: 403, ventureEditor: 403 };
/** A venture the member is assigned to; colleagues who are not do not see it. */
export const VENTURE_ASSIGNED: Policy = { ...ACCOUNT_OF_TARGET, viewer: 404, editor: 404 };
/**
 * Save to a session's venture from the session (ICP profiles): edit access to the session AND the venture; an edit
 * share without the venture does not find it.
 */
export const SESSION_EDIT_AND_VENTURE: Policy = { ...SESSION_EDIT, editor: 404 };
/**
 * A row of the venture derived from one of its sessions (an ICP profile: that session's businesses): the venture
 * AND the session; a colleague on the venture without the session does not find it.
 */
export const VENTURE_AND_SESSION: Policy = { ...VENTURE_ASSIGNED, ventureMember: 404 };
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
  ventureMember: 400,
  ventureEditor: 400,
};

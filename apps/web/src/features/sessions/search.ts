import type { SessionStatus } from '@argo/contract';
import { SESSION_STATUSES } from '@argo/contract';
import { oneOf, type SearchInput, searchValidator, text, wholeNumber } from '../../lib/search-params';

export const SESSION_PAGE_SIZES = [10, 20, 50, 100] as const;
const SESSION_SCOPES = ['all', 'own', 'shared'] as const;
export type SessionScope = (typeof SESSION_SCOPES)[number];

/** The defaults, left out of the address so a plain /sessions stays plain. */
export const SESSIONS_SEARCH_DEFAULTS = { page: 0, page_size: 20, scope: 'all' } as const;

/**
 * /sessions?page=&page_size=&search=&status=&scope= — `page` is 0-based like the API's. A value that is not
 * right (a hand-edited address) falls back to its default instead of failing the page.
 */
export interface SessionsSearch {
  page: number;
  page_size: number;
  search?: string;
  status?: SessionStatus;
  scope: SessionScope;
}
export const sessionsSearchSchema = searchValidator(
  (input: SearchInput): SessionsSearch => ({
    page: wholeNumber(input.page, SESSIONS_SEARCH_DEFAULTS.page),
    page_size: wholeNumber(input.page_size, SESSIONS_SEARCH_DEFAULTS.page_size, {
      allowed: SESSION_PAGE_SIZES,
    }),
    search: text(input.search),
    status: oneOf(input.status, SESSION_STATUSES),
    scope: oneOf(input.scope, SESSION_SCOPES) ?? SESSIONS_SEARCH_DEFAULTS.scope,
  }),
);

import type { Role } from '@argo/contract';
import { ROLES } from '@argo/contract';
import { oneOf, type SearchInput, searchValidator, text, wholeNumber } from '../../lib/search-params';

export const USER_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The defaults, left out of the address so a plain /users stays plain. */
export const USERS_SEARCH_DEFAULTS = { page: 0, page_size: 25 } as const;

/**
 * /users?page=&page_size=&search=&role= — the parameters of GET /admin/users; `page` is 0-based like
 * the API's. A value that is not right (a hand-edited address) falls back to its default instead of failing.
 */
export interface UsersSearch {
  page: number;
  page_size: number;
  search?: string;
  role?: Role;
}
export const usersSearchSchema = searchValidator(
  (input: SearchInput): UsersSearch => ({
    page: wholeNumber(input.page, USERS_SEARCH_DEFAULTS.page),
    page_size: wholeNumber(input.page_size, USERS_SEARCH_DEFAULTS.page_size, { allowed: USER_PAGE_SIZES }),
    search: text(input.search),
    role: oneOf(input.role, ROLES),
  }),
);

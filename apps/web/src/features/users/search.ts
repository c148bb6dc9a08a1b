import { Role } from '@argo/contract';
import { z } from 'zod';
import { searchText } from '../../lib/search-params';

export const USER_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The defaults, left out of the address so a plain /users stays plain. */
export const USERS_SEARCH_DEFAULTS = { page: 0, page_size: 25 } as const;

/**
 * /users?page=&page_size=&search=&role= — the parameters of GET /admin/users (SPEC §3); `page` is 0-based like
 * the API's. A value that is not right (a hand-edited address) falls back to its default instead of failing.
 */
export const usersSearchSchema = z.object({
  page: z.coerce.number().int().min(0).default(USERS_SEARCH_DEFAULTS.page).catch(USERS_SEARCH_DEFAULTS.page),
  page_size: z.coerce
    .number()
    .int()
    .refine((size) => (USER_PAGE_SIZES as readonly number[]).includes(size))
    .default(USERS_SEARCH_DEFAULTS.page_size)
    .catch(USERS_SEARCH_DEFAULTS.page_size),
  search: searchText().optional().catch(undefined),
  role: Role.optional().catch(undefined),
});
export type UsersSearch = z.output<typeof usersSearchSchema>;

import { SessionStatus } from '@argo/contract';
import { z } from 'zod';
import { searchText } from '../../lib/search-params';

export const SESSION_PAGE_SIZES = [10, 20, 50, 100] as const;
export const SESSION_SCOPES = ['all', 'own', 'shared'] as const;
export type SessionScope = (typeof SESSION_SCOPES)[number];

/** The defaults, left out of the address so a plain /sessions stays plain. */
export const SESSIONS_SEARCH_DEFAULTS = { page: 0, page_size: 20, scope: 'all' } as const;

/**
 * /sessions?page=&page_size=&search=&status=&scope= — `page` is 0-based like the API's. A value that is not
 * right (a hand-edited address) falls back to its default instead of failing the page.
 */
export const sessionsSearchSchema = z.object({
  page: z.coerce.number().int().min(0).default(SESSIONS_SEARCH_DEFAULTS.page).catch(0),
  page_size: z.coerce
    .number()
    .int()
    .refine((size) => (SESSION_PAGE_SIZES as readonly number[]).includes(size))
    .default(SESSIONS_SEARCH_DEFAULTS.page_size)
    .catch(SESSIONS_SEARCH_DEFAULTS.page_size),
  search: searchText().optional().catch(undefined),
  status: SessionStatus.optional().catch(undefined),
  scope: z.enum(SESSION_SCOPES).default(SESSIONS_SEARCH_DEFAULTS.scope).catch(SESSIONS_SEARCH_DEFAULTS.scope),
});
export type SessionsSearch = z.output<typeof sessionsSearchSchema>;

import { z } from 'zod';

/**
 * A text search parameter. The router parses `?x=123` as the number 123 (search values are JSON), so a
 * number is accepted and turned back into text.
 */
export const searchText = () => z.union([z.string(), z.number()]).transform(String);

/** `?session_id=` of the session screens (SPEC §5): passed through as given, optional. */
export const sessionSearchSchema = z.object({
  session_id: searchText().optional(),
});
export type SessionSearch = z.infer<typeof sessionSearchSchema>;

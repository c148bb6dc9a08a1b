/**
 * Personal data: the account's suppression list — email addresses and domains that Argo must
 * never export or use in generated content.
 *
 * Who may do what: every member may read the list and add to it, because adding is the safe direction and whoever
 * receives an objection ("do not contact us") must be able to honour it at once; only admins may remove an entry,
 * because removing one allows contact again.
 */
import { z } from 'zod';
import { expected, Id, IdParams, IsoDateTime, LIMITS, optionalText } from './common';
import { defineRoute } from './define';
import { parseSuppression } from './suppression';

export * from './suppression';

const SuppressionKind = z.enum(['email', 'domain']);

/** One line of the list as typed: an email address or a domain. */
const SuppressionInput = z
  .string(expected('an email address or a domain'))
  .max(LIMITS.url, `must be at most ${LIMITS.url} characters`)
  .transform((value, ctx) => {
    const parsed = parseSuppression(value);
    if (!parsed) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be an email address (anna@example.com) or a domain (example.com)',
        input: value,
      });
      return z.NEVER;
    }
    return parsed;
  });

export const Suppression = z
  .object({
    id: Id,
    kind: SuppressionKind,
    /**
     * Lower case; a domain without `www.`, an internationalised one as a person reads it (`münchen.de`). The list
     * stores and compares it in its ASCII form (`xn--mnchen-3ya.de`), so both spellings are one entry.
     */
    value: z.string(),
    /** Why it is on the list, e.g. "asked not to be contacted on 3 May". */
    reason: z.string().nullable(),
    created_at: IsoDateTime,
    /** Who added it; null when that user is gone. */
    created_by: z.object({ id: Id, email: z.string(), name: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'Suppression' });
export type Suppression = z.infer<typeof Suppression>;

/** POST /accounts/suppressions — one or more addresses or domains (e.g. a pasted opt-out list), one reason. */
export const AddSuppressionsBody = z.object({
  values: z
    .array(SuppressionInput, expected('a list of email addresses or domains'))
    .min(1, 'must list at least one email address or domain')
    .max(1000, 'must list at most 1000 entries at once'),
  reason: optionalText(LIMITS.shortText),
});
export type AddSuppressionsBody = z.input<typeof AddSuppressionsBody>;

export const privacyRoutes = {
  suppressionsList: defineRoute({
    id: 'suppressions.list',
    method: 'GET',
    path: '/accounts/suppressions',
    access: 'member',
    summary: "The account's suppression list: emails and domains never exported or used in content",
    tag: 'accounts',
    response: z.array(Suppression),
  }),
  suppressionsAdd: defineRoute({
    id: 'suppressions.add',
    method: 'POST',
    path: '/accounts/suppressions',
    access: 'member',
    summary: 'Add emails or domains to the suppression list (any member; entries already listed are kept)',
    tag: 'accounts',
    body: AddSuppressionsBody,
    response: z.array(Suppression),
    status: 201,
  }),
  suppressionsRemove: defineRoute({
    id: 'suppressions.remove',
    method: 'DELETE',
    path: '/accounts/suppressions/:id',
    access: 'admin',
    summary: 'Take an entry off the suppression list (admins: it allows contact again)',
    tag: 'accounts',
    params: IdParams,
    response: null,
    status: 204,
  }),
} as const;

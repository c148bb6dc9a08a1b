/**
 * Personal data (issue 12, part 6): the account's suppression list — email addresses and domains that Argo must
 * never export or use in generated content.
 *
 * Who may do what: every member may read the list and add to it, because adding is the safe direction and whoever
 * receives an objection ("do not contact us") must be able to honour it at once; only admins may remove an entry,
 * because removing one allows contact again.
 */
import { z } from 'zod';
import { expected, Id, IdParams, IsoDateTime, LIMITS, optionalText } from './common';
import { defineRoute } from './define';

export const SuppressionKind = z.enum(['email', 'domain']);
export type SuppressionKind = z.infer<typeof SuppressionKind>;

const EMAIL = /^[^\s@]+@([^\s@]+)$/;
const HOST_LABEL = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)$/u;
// The top-level domain is letters (or punycode), never a number: "10.0.0.1" is not a domain.
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]+)$/u;

/**
 * A host name as a suppressed domain: lower case, no `www.` or trailing dot, at least two labels; else null.
 * An internationalised name is kept as written (Unicode or punycode), and matched in that form.
 */
function normaliseDomain(host: string): string | null {
  const domain = host
    .normalize('NFC')
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  const labels = domain.split('.');
  if (labels.length < 2 || domain.length > 253) return null;
  if (!labels.every((label) => HOST_LABEL.test(label))) return null;
  return TOP_LEVEL.test(labels[labels.length - 1] as string) ? domain : null;
}

/**
 * What a user typed → an entry of the list: `anna@example.com` (an address), or a domain written as
 * `example.com`, `@example.com`, `www.example.com` or `https://example.com/contact`. Null when it is neither.
 */
export function parseSuppression(input: string): { kind: SuppressionKind; value: string } | null {
  const text = input.trim().toLowerCase();
  if (!text) return null;
  const email = EMAIL.exec(text);
  if (email) {
    const domain = normaliseDomain(email[1] as string);
    const local = text.slice(0, text.lastIndexOf('@'));
    if (!domain || local.length > 64) return null;
    return { kind: 'email', value: `${local}@${domain}` };
  }
  const host = text
    .replace(/^@/, '')
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .split(/[/?#]/)[0] as string;
  if (/[:@\s]/.test(host)) return null;
  const domain = normaliseDomain(host);
  return domain ? { kind: 'domain', value: domain } : null;
}

/**
 * Is this address suppressed by the list? The exact address, or its domain or any parent domain of it
 * (a suppressed `example.com` covers `anna@mail.example.com`).
 */
export function isEmailSuppressed(
  email: string,
  list: readonly { kind: SuppressionKind; value: string }[],
): boolean {
  const parsed = parseSuppression(email);
  if (parsed?.kind !== 'email') return false;
  const domain = parsed.value.slice(parsed.value.lastIndexOf('@') + 1);
  return list.some((entry) =>
    entry.kind === 'email'
      ? entry.value === parsed.value
      : domain === entry.value || domain.endsWith(`.${entry.value}`),
  );
}

/** One line of the list as typed: an email address or a domain. */
export const SuppressionInput = z
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
    /** Lower case; a domain without `www.`. */
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

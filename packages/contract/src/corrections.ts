/**
 * A user's corrections of a business's own fields (the drawer's "Edit details"): what may be corrected, the body of
 * PUT /user/session/:id/businesses/:business_id, and who corrected which field when. A corrected field is kept
 * as the user wrote it: a later merge of a duplicate never fills it again, and enrichment never writes it.
 */
import { z } from 'zod';
import { expected, Id, IsoDateTime, knownKeys, LIMITS, optionalText, text } from './common';

/** The fields of a business a user may correct. */
const CORRECTABLE_FIELDS = [
  'name',
  'website',
  'phone',
  'email',
  'address',
  'postal_code',
  'city',
  'country',
] as const;
export const CorrectableField = z.enum(
  CORRECTABLE_FIELDS,
  expected(`one of ${CORRECTABLE_FIELDS.join(', ')}`),
);
export type CorrectableField = z.infer<typeof CorrectableField>;

/** Longest phone number text read (with spaces, brackets and an extension). */
const PHONE_CHARS = 50;
/** Longest postcode text read ("SW1A 1AA", "10115", "K1A 0B1"). */
const POSTCODE_CHARS = 20;

/**
 * The corrected fields, each optional; null or "" clears one (all but `name`). The API reads each as the import
 * does: `website` must be a web address (a name such as example.com, or an address CRAWL_ALLOW_HOSTS lets the
 * crawler reach), `phone` a number it can read as E.164 (in the business's country unless it starts with +),
 * `email` an address, `country` a country name or ISO code. A 400 names the field and says what to fix.
 */
export const CorrectBusinessBody = z
  .strictObject(
    {
      name: text(LIMITS.name).optional(),
      website: optionalText(LIMITS.url),
      phone: optionalText(PHONE_CHARS),
      email: optionalText(LIMITS.email),
      /** The street line ("12 High Street"). */
      address: optionalText(LIMITS.name),
      postal_code: optionalText(POSTCODE_CHARS),
      city: optionalText(LIMITS.name),
      country: optionalText(LIMITS.name),
    },
    knownKeys(CORRECTABLE_FIELDS, 'field'),
  )
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: `name at least one field to correct: ${CORRECTABLE_FIELDS.join(', ')}`,
  });
export type CorrectBusinessBody = z.infer<typeof CorrectBusinessBody>;

/** One corrected field of a business: who corrected it last, and when. */
export const BusinessCorrection = z
  .object({
    field: CorrectableField,
    /** The user; null once they were removed from the organisation (`name` is then as it was). */
    corrected_by: z.object({ id: Id.nullable(), name: z.string() }),
    corrected_at: IsoDateTime,
  })
  .meta({ id: 'BusinessCorrection' });
export type BusinessCorrection = z.infer<typeof BusinessCorrection>;

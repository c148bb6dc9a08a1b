/**
 * An imported file's own columns: every column the import mapping leaves unmapped is kept on each
 * business as an attribute (`businesses.attributes`, key → value) and described once per session
 * (`sessions.attribute_columns`, in file order). The import decides each column's type over all of its values.
 */
import { z } from 'zod';

/** How every value of a column was read: a number, a date (stored as 'YYYY-MM-DD'), a boolean, or else text. */
const ATTRIBUTE_TYPES = ['number', 'date', 'boolean', 'text'] as const;
export const AttributeType = z.enum(ATTRIBUTE_TYPES);
export type AttributeType = z.infer<typeof AttributeType>;

/** One attribute column: `key` is a stable slug of the header (unique within the file), `label` the header as written. */
export const AttributeColumnSchema = z.object({
  key: z.string().min(1),
  label: z.string(),
  type: AttributeType,
});
export type AttributeColumn = z.infer<typeof AttributeColumnSchema>;

/** A stored attribute value: a number, a boolean, or a string (a date as 'YYYY-MM-DD', or text). */
const AttributeValueSchema = z.union([z.string(), z.number(), z.boolean()]);
export type AttributeValue = string | number | boolean;

/** A business's attributes, keyed by the session's attribute column keys. */
export const AttributesSchema = z.record(z.string(), AttributeValueSchema);

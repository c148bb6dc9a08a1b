/**
 * SQL of a user's corrections of a business: the corrected columns written onto the business with who and when
 * (business_corrections, one row per field), and the corrections read back for the drawer.
 */
import type { BusinessCorrection, CorrectableField } from '@argo/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { type BusinessRow, businessCorrections, businesses, users } from '../../db/schema';
import { resultsWhere } from './results-where';

/** The business columns a correction writes (websites and phones put the corrected one first). */
export type CorrectedColumns = Partial<
  Pick<
    BusinessRow,
    | 'name'
    | 'website'
    | 'domain'
    | 'email'
    | 'phone'
    | 'address'
    | 'postalCode'
    | 'city'
    | 'country'
    | 'websites'
    | 'phones'
    | 'enrichmentState'
    | 'enrichmentError'
  >
>;

/** One business of the session's current run, locked for the correction; null when the run has none such. */
export async function findBusinessForCorrection(
  db: DatabaseExecutor,
  sessionId: string,
  businessId: string,
): Promise<BusinessRow | null> {
  const [row] = await db
    .select()
    .from(businesses)
    .where(and(resultsWhere(sessionId, {}), eq(businesses.id, businessId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** The name a correction is shown under: the user's name, else their email address. */
export async function findActorName(db: DatabaseExecutor, userId: string): Promise<string> {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.name.trim() || row?.email || 'a user';
}

/** Writes the corrected columns and one correction row per field (the latest correction of a field replaces it). */
export async function storeCorrection(
  db: DatabaseExecutor,
  values: {
    accountId: string;
    businessId: string;
    columns: CorrectedColumns;
    fields: { field: CorrectableField; value: string | null }[];
    userId: string;
    userName: string;
    at: Date;
  },
): Promise<void> {
  await db
    .update(businesses)
    .set({ ...values.columns, updatedAt: values.at })
    .where(eq(businesses.id, values.businessId));
  await db
    .insert(businessCorrections)
    .values(
      values.fields.map(({ field, value }) => ({
        businessId: values.businessId,
        accountId: values.accountId,
        field,
        value,
        correctedBy: values.userId,
        correctedByName: values.userName,
        correctedAt: values.at,
      })),
    )
    .onConflictDoUpdate({
      target: [businessCorrections.businessId, businessCorrections.field],
      set: {
        value: sql`excluded.value`,
        correctedBy: sql`excluded.corrected_by`,
        correctedByName: sql`excluded.corrected_by_name`,
        correctedAt: sql`excluded.corrected_at`,
      },
    });
}

/** The corrections of businesses, by business id, each in the contract's shape (fields in the contract's order). */
export async function findCorrections(
  db: DatabaseExecutor,
  businessIds: readonly string[],
): Promise<Map<string, BusinessCorrection[]>> {
  const out = new Map<string, BusinessCorrection[]>();
  if (businessIds.length === 0) return out;
  const rows = await db
    .select()
    .from(businessCorrections)
    .where(inArray(businessCorrections.businessId, [...businessIds]))
    .orderBy(businessCorrections.correctedAt);
  for (const row of rows) {
    const list = out.get(row.businessId) ?? [];
    list.push({
      field: row.field as CorrectableField,
      corrected_by: { id: row.correctedBy, name: row.correctedByName },
      corrected_at: row.correctedAt.toISOString(),
    });
    out.set(row.businessId, list);
  }
  return out;
}

/**
 * Carries the corrections of a run's businesses onto the businesses of the run that replaces it (a restart), matched
 * by dedupe key: each corrected field keeps the user's value, who and when. A correction is the user's, not the
 * run's, so running the session again must not undo it.
 */
export async function carryCorrections(
  db: DatabaseExecutor,
  sessionId: string,
  runs: { from: string; to: string },
): Promise<void> {
  const pairs = sql`
    select o.id as old_id, n.id as new_id from ${businesses} o
    join ${businesses} n on n.session_id = o.session_id and n.run_id = ${runs.to}::uuid and n.dedupe_key = o.dedupe_key
    where o.session_id = ${sessionId}::uuid and o.run_id = ${runs.from}::uuid
      and exists (select from ${businessCorrections} c where c.business_id = o.id)`;
  // Each corrected column from the old row; a website or phone the user gave comes first in its list again.
  const taken = (field: CorrectableField, column: string) =>
    sql.raw(`${column} = case when '${field}' = any(f.fields) then o.${column} else n.${column} end`);
  const first = (field: CorrectableField, column: string, list: string) =>
    sql.raw(`${list} = case when '${field}' = any(f.fields) and o.${column} is not null
      then array_prepend(o.${column}, array_remove(n.${list}, o.${column})) else n.${list} end`);
  await db.execute(sql`
    update ${businesses} n set
      ${taken('name', 'name')}, ${taken('website', 'website')}, ${taken('website', 'domain')},
      ${first('website', 'website', 'websites')}, ${taken('phone', 'phone')}, ${first('phone', 'phone', 'phones')},
      ${taken('email', 'email')}, ${taken('address', 'address')}, ${taken('postal_code', 'postal_code')},
      ${taken('city', 'city')}, ${taken('country', 'country')}, updated_at = now()
    from (${pairs}) p
    join ${businesses} o on o.id = p.old_id
    cross join lateral (select array_agg(c.field) as fields from ${businessCorrections} c where c.business_id = o.id) f
    where n.id = p.new_id`);
  await db.execute(sql`
    insert into ${businessCorrections}
      (business_id, account_id, field, value, corrected_by, corrected_by_name, corrected_at)
    select p.new_id, c.account_id, c.field, c.value, c.corrected_by, c.corrected_by_name, c.corrected_at
    from (${pairs}) p join ${businessCorrections} c on c.business_id = p.old_id
    on conflict (business_id, field) do nothing`);
}

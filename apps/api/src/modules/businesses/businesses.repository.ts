import { type CorrectableField, GAP_FILLED_FIELDS } from '@argo/contract';
import type { MergedBusiness, SourceRef } from '@argo/engine';
import { type AnyColumn, and, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/client';
import { businesses, businessMatchKeys, sessionImportNotes, sessionRejectedRows } from '../../db/schema';
import { keysOf, linkToStored } from './business-batch';

/** Where a batch goes: the session's account, the session, and the run it is written under. */
export interface RunTarget {
  accountId: string;
  sessionId: string;
  runId: string;
}

/** JSON text for one parameter: arrays and records travel as one jsonb value (drizzle would spread an array). */
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** A stored text[] column united with the incoming row's, first-seen order kept, no repeats. */
const unionArrays = (column: string) =>
  sql.raw(`array(select v from unnest(businesses.${column} || excluded.${column}) with ordinality as x(v, o)
    group by v order by min(o))`);

/** One array as one parameter (drizzle would spread a plain array into a list). */
const param = (values: readonly unknown[]) => sql.param(values);

/** A PostgreSQL array literal of texts, `{"a","b \"c\""}`: one element of a text[] parameter, cast to text[] per row. */
function arrayLiteral(values: readonly string[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    out += `"${(values[i] as string).replace(/[\\"]/g, '\\$&')}"`;
  }
  return `${out}}`;
}

/**
 * A source in the contract's BusinessSource shape, its keys alone and `source_ref` always present: a results page
 * sends the stored sources as they are (listed-business-json.ts).
 */
const asListed = ({ source, source_ref, url, snippet, observed_at }: SourceRef): SourceRef => ({
  source,
  source_ref: source_ref ?? null,
  url,
  snippet,
  observed_at,
});

/** The batch as one array per column (the parameters of the unnest in storeBusinesses). */
function columnsOf(records: readonly MergedBusiness[]) {
  const n = records.length;
  const column = <T>() => new Array<T>(n);
  const c = {
    dedupe_key: column<string>(),
    name: column<string>(),
    website: column<string | null>(),
    domain: column<string | null>(),
    email: column<string | null>(),
    phone: column<string | null>(),
    address: column<string | null>(),
    city: column<string | null>(),
    region: column<string | null>(),
    postal_code: column<string | null>(),
    country: column<string | null>(),
    lat: column<number | null>(),
    lng: column<number | null>(),
    category: column<string | null>(),
    source: column<string>(),
    source_ref: column<string | null>(),
    sources: column<string>(),
    rating: column<number | null>(),
    review_count: column<number | null>(),
    categories: column<string>(),
    aliases: column<string>(),
    phones: column<string>(),
    websites: column<string>(),
    is_closed: column<boolean>(),
    attributes: column<string>(),
  };
  records.forEach((r, i) => {
    c.dedupe_key[i] = r.dedupe_key;
    c.name[i] = r.name;
    c.website[i] = r.website;
    c.domain[i] = r.domain;
    c.email[i] = r.email;
    c.phone[i] = r.phone;
    c.address[i] = r.address;
    c.city[i] = r.city;
    c.region[i] = r.region;
    c.postal_code[i] = r.postal_code;
    c.country[i] = r.country;
    c.lat[i] = r.lat;
    c.lng[i] = r.lng;
    c.category[i] = r.category;
    c.source[i] = r.source;
    c.source_ref[i] = r.source_ref;
    c.sources[i] = JSON.stringify(r.sources.map(asListed));
    c.rating[i] = r.rating;
    c.review_count[i] = r.review_count === null ? null : Math.round(r.review_count);
    c.categories[i] = arrayLiteral(r.categories ?? []);
    c.aliases[i] = arrayLiteral(r.aliases ?? []);
    c.phones[i] = arrayLiteral(r.phones ?? []);
    c.websites[i] = arrayLiteral(r.websites ?? []);
    c.is_closed[i] = r.is_closed === true;
    c.attributes[i] = r.attributes ? JSON.stringify(r.attributes) : '{}';
  });
  return c;
}

/** The columns a user's correction owns (business_corrections.field by column): a merge never fills them. */
const CORRECTED_BY: Record<string, CorrectableField> = {
  website: 'website',
  domain: 'website',
  email: 'email',
  phone: 'phone',
  address: 'address',
  postal_code: 'postal_code',
  city: 'city',
  country: 'country',
};

/** Why a closed business waits as `skipped` (enrichment_error, shown in the table and the export). */
const CLOSED_NOTE = 'Closed for good, as the imported file says: not enriched unless asked for.';

/**
 * The match keys of a run's stored businesses → their dedupe_key, held by the job for the run (loaded from
 * business_match_keys on first use, so a resumed job knows what the earlier attempts stored).
 */
export interface MatchIndex {
  keys: Map<string, string> | null;
}

async function loadMatchKeys(db: DatabaseExecutor, target: RunTarget): Promise<Map<string, string>> {
  const found = await db.execute<{ key: string; dedupe_key: string }>(sql`
    select key, dedupe_key from ${businessMatchKeys}
    where session_id = ${target.sessionId}::uuid and run_id = ${target.runId}::uuid`);
  return new Map(found.rows.map((row) => [row.key, row.dedupe_key]));
}

/**
 * Marks the pages of `businesses` whose rows every transaction sees as all-visible again (VACUUM, the table only):
 * new rows go first into the free space other sessions' pages have (what their enrichment's updates left), and every
 * page written loses its mark. The counts and the page picks of every other session's results and info are
 * index-only scans, which then read each row from the table to check it: a large import soon unmarks the pages of
 * every other session, whose counts then slow down several times over until a vacuum marks them again (figures in
 * docs/performance.md). INDEX_CLEANUP OFF: sweeping the 14 indexes for other runs'
 * dead rows is autovacuum's slower work; this reads only the pages written since the last vacuum.
 */
export async function markBusinessesVisible(db: Database): Promise<void> {
  await db.execute(sql`vacuum (skip_locked, index_cleanup off, truncate off) ${businesses}`);
}

/**
 * Tidies `businesses` after a run stored many rows (session-run.ts), as PostgreSQL advises after a bulk load, since
 * autovacuum may come much later (after a fifth of the table is new, checked once a minute), or be off:
 *
 * - ANALYZE: until then the planner believes the table as big as it last saw it, and each session's share of it as
 *   it was: after a large import it counts each other session's businesses by reading the whole table instead of
 *   by index. Only the columns every read of a session filters on: ANALYZE also counts the table's rows and pages
 *   whatever the columns, and sampling these two costs a small part of sampling every column (the search
 *   expression, the jsonb).
 * - VACUUM, for the visibility map (markBusinessesVisible).
 * - The GIN indexes' pending lists (the search, the software filters): new rows wait in an unsorted list, up to
 *   4 MB, that every search reads in full until it is merged into the index (a searched page takes PostgreSQL much
 *   longer with a large import in it). Merging it now does work the next inserts would do anyway; merging
 *   it more often during a run would cost the run more than it saves (a smaller pending list made the trigram index
 *   slower to take a large import).
 * Figures in docs/performance.md.
 *
 * SKIP_LOCKED: when another VACUUM or ANALYZE holds the table, it is doing this work already. Neither changes a
 * result; a database role that does not own the tables gets PostgreSQL's warning and no tidying.
 */
export async function tidyAfterBulkLoad(db: Database): Promise<void> {
  // markBusinessesVisible's vacuum, with the analyze.
  await db.execute(
    sql`vacuum (analyze, skip_locked, index_cleanup off, truncate off) ${businesses} (session_id, run_id)`,
  );
  await db.execute(sql`
    select gin_clean_pending_list(i.indexrelid)
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
    where i.indrelid = ${getTableName(businesses)}::regclass and a.amname = 'gin' and pg_has_role(c.relowner, 'USAGE')`);
}

/**
 * Stores a batch of merged businesses of one run in one multi-row upsert on (session_id, run_id, dedupe_key):
 * empty fields are filled and `sources` united, so replaying a batch changes nothing. With an `index`, each record
 * first joins the business stored earlier that shares a match key (another tile, source, or an earlier attempt)
 * and the batch's keys are indexed; without one the caller links across batches itself (the CSV import does, in
 * the engine). Run inside the caller's transaction.
 */
export async function storeBusinesses(
  db: DatabaseExecutor,
  target: RunTarget,
  records: readonly MergedBusiness[],
  index: MatchIndex | null,
): Promise<MergedBusiness[]> {
  if (records.length === 0) return [];
  if (index) index.keys ??= await loadMatchKeys(db, target);
  // Also folds records of the batch that share a dedupe_key: one upsert may touch a row only once.
  const linked = linkToStored(records, index?.keys ?? new Map());
  // A stored value stays; an empty one is filled from the merged record, unless a user cleared it on purpose (a
  // correction of its field, business_corrections): a user's correction outlives every later merge of a duplicate.
  const fill = (column: string) => {
    const field = CORRECTED_BY[column];
    return sql.raw(
      field
        ? `${column} = coalesce(businesses.${column}, case when not exists (select from business_corrections c
            where c.business_id = businesses.id and c.field = '${field}') then excluded.${column} end)`
        : `${column} = coalesce(businesses.${column}, excluded.${column})`,
    );
  };
  // One array per column, unnested into rows: no JSON to build or parse, and only 29 parameters whatever the size.
  const c = columnsOf(linked);
  await db.execute(sql`
    insert into ${businesses} (account_id, session_id, run_id, dedupe_key, name, website, domain, email, phone,
      address, city, region, postal_code, country, lat, lng, category, source, source_ref, sources, rating,
      review_count, categories, aliases, phones, websites, is_closed, attributes, enrichment_state, enrichment_error)
    select ${target.accountId}::uuid, ${target.sessionId}::uuid, ${target.runId}::uuid, r.dedupe_key, r.name, r.website, r.domain,
      r.email, r.phone, r.address, r.city, r.region, r.postal_code, r.country, r.lat, r.lng, r.category, r.source,
      r.source_ref, r.sources::jsonb, r.rating, r.review_count,
      r.categories::text[], r.aliases::text[], r.phones::text[], r.websites::text[], r.is_closed, r.attributes::jsonb,
      -- A closed business is not enriched unless asked for: it waits as skipped, saying why.
      case when r.is_closed then 'skipped'::enrichment_state else 'pending'::enrichment_state end,
      case when r.is_closed then ${CLOSED_NOTE}::text end
    from unnest(${param(c.dedupe_key)}::text[], ${param(c.name)}::text[], ${param(c.website)}::text[],
      ${param(c.domain)}::text[], ${param(c.email)}::text[], ${param(c.phone)}::text[], ${param(c.address)}::text[],
      ${param(c.city)}::text[], ${param(c.region)}::text[], ${param(c.postal_code)}::text[], ${param(c.country)}::text[],
      ${param(c.lat)}::float8[], ${param(c.lng)}::float8[], ${param(c.category)}::text[], ${param(c.source)}::text[],
      ${param(c.source_ref)}::text[], ${param(c.sources)}::text[], ${param(c.rating)}::real[],
      ${param(c.review_count)}::int[], ${param(c.categories)}::text[], ${param(c.aliases)}::text[],
      ${param(c.phones)}::text[], ${param(c.websites)}::text[], ${param(c.is_closed)}::bool[],
      ${param(c.attributes)}::text[])
      as r(dedupe_key, name, website, domain, email, phone, address, city, region, postal_code, country, lat, lng,
        category, source, source_ref, sources, rating, review_count, categories, aliases, phones, websites, is_closed,
        attributes)
    on conflict (session_id, run_id, dedupe_key) do update set
      ${sql.join(GAP_FILLED_FIELDS.map(fill), sql`, `)},
      categories = ${unionArrays('categories')},
      phones = ${unionArrays('phones')},
      websites = ${unionArrays('websites')},
      -- The other record's name is one more alias (never the business's own name).
      aliases = array(
        select a from unnest(businesses.aliases || excluded.aliases || array[excluded.name]) with ordinality as x(a, o)
        where lower(a) <> lower(businesses.name) group by a order by min(o)),
      -- Closed only while every record of it says so (one open listing keeps it open).
      is_closed = businesses.is_closed and excluded.is_closed,
      sources = (
        select coalesce(jsonb_agg(d.e order by d.o), '[]'::jsonb) from (
          select distinct on (x.e->>'source', coalesce(x.e->>'source_ref', x.e->>'url', '')) x.e, x.o
          from jsonb_array_elements(businesses.sources || excluded.sources) with ordinality as x(e, o)
          order by x.e->>'source', coalesce(x.e->>'source_ref', x.e->>'url', ''), x.o
        ) d
      ),
      -- An imported column's first value stays; a later record adds only the columns the stored one lacks.
      attributes = excluded.attributes || businesses.attributes,
      updated_at = now()`);

  if (index?.keys) {
    const pairs = new Map<string, string>();
    for (const record of linked) {
      for (const key of keysOf(record)) {
        if (!index.keys.has(key) && !pairs.has(key)) pairs.set(key, record.dedupe_key);
      }
    }
    for (const [key, dedupeKey] of pairs) index.keys.set(key, dedupeKey);
    if (pairs.size > 0) {
      await db.execute(sql`
        insert into ${businessMatchKeys} (session_id, run_id, key, dedupe_key)
        select ${target.sessionId}::uuid, ${target.runId}::uuid, p->>0, p->>1
        from jsonb_array_elements(${json([...pairs])}) p
        on conflict do nothing`);
    }
  }
  return linked;
}

export async function countRunBusinesses(
  db: DatabaseExecutor,
  sessionId: string,
  runId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(businesses)
    .where(and(eq(businesses.sessionId, sessionId), eq(businesses.runId, runId)));
  return row?.n ?? 0;
}

/**
 * Deletes what runs of a session wrote (businesses, match keys, refused rows, import notes): the run `only`, or every run
 * `except` those listed (what a replaced or abandoned run left behind).
 */
export async function deleteRunRows(
  db: DatabaseExecutor,
  sessionId: string,
  runs: { only: string } | { except: string[] },
): Promise<void> {
  const pick = (column: AnyColumn): SQL =>
    'only' in runs
      ? sql`${column} = ${runs.only}::uuid`
      : sql`not (${column} = any(array(select jsonb_array_elements_text(${json(runs.except)})::uuid)))`;
  await db.delete(businesses).where(and(eq(businesses.sessionId, sessionId), pick(businesses.runId)));
  await db
    .delete(businessMatchKeys)
    .where(and(eq(businessMatchKeys.sessionId, sessionId), pick(businessMatchKeys.runId)));
  await db
    .delete(sessionRejectedRows)
    .where(and(eq(sessionRejectedRows.sessionId, sessionId), pick(sessionRejectedRows.runId)));
  await db
    .delete(sessionImportNotes)
    .where(and(eq(sessionImportNotes.sessionId, sessionId), pick(sessionImportNotes.runId)));
}

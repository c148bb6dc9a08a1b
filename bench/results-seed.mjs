// Shared by results-query.mjs and export.mjs: one account (registered through the API), one session, and
// BENCH_BUSINESSES (100,000) enriched businesses in it, written with SQL (generate_series) in a few seconds,
// with a software_detection result for 60% of them (as the detector stores one: ~20 technologies, ~10 KB). Names, cities and industries vary so that a search for
// "dental" matches a tenth of the rows and the filters cut that further. BENCH_DETAILS=1 adds the drawer's details.
import { signUpWithAccount, withClient } from './lib.mjs';

export const BUSINESSES = Number(process.env.BENCH_BUSINESSES ?? 100_000);
/** BENCH_DETAILS=1: every business also has the people and summary results a `unified` enrichment stores. */
const WITH_DETAILS = process.env.BENCH_DETAILS === '1';

export async function seedResultsSession(app, databaseUrl) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const { idToken, account, user } = await signUpWithAccount(app.baseUrl, {
    name: 'Bench Owner',
    email: `bench-${suffix}@example.com`,
    password: 'bench password 1',
    organisation: 'Bench Ltd',
    databaseUrl,
  });
  const created = await fetch(`${app.baseUrl}/api/users/create_session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await idToken()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Bench businesses' }),
  });
  if (created.status !== 201)
    throw new Error(`create_session answered ${created.status}: ${await created.text()}`);
  const sessionId = (await created.json()).id;
  const started = performance.now();
  await withClient(databaseUrl, async (client) => {
    const runId = (await client.query('SELECT gen_random_uuid() AS id')).rows[0].id;
    await client.query(`UPDATE sessions SET run_id = $1, status = 'completed' WHERE id = $2`, [
      runId,
      sessionId,
    ]);
    await client.query(
      `INSERT INTO businesses (account_id, session_id, run_id, dedupe_key, name, website, domain, email, phone,
         address, city, region, postal_code, country, lat, lng, category, source, sources, rating, review_count,
         enrichment_state, summary, industry, hiring, icp_score, icp_tier, first_seen_at, updated_at)
       SELECT $1, $2, $3, 'k' || g,
         (ARRAY['Bright','Smile','Care','Prime','Urban','Green','Royal','North','City','Family'])[1 + g % 10] || ' '
           || kind.word || ' ' || g,
         'https://site' || g || '.example/', 'site' || g || '.example', 'info@site' || g || '.example',
         '+44113' || lpad(g::text, 7, '0'), g || ' High Street', place.city, place.region, 'LS' || (g % 30), 'GB',
         53 + (g % 1000) / 1000.0, -1.5 + (g % 700) / 1000.0, kind.category, 'osm',
         jsonb_build_array(jsonb_build_object('source', 'osm', 'source_ref', 'node/' || g,
           'observed_at', '2026-01-01T00:00:00Z')),
         CASE WHEN g % 7 = 0 THEN NULL ELSE 3 + (g % 20) / 10.0 END, g % 300, 'done',
         'A ' || lower(kind.word) || ' business in ' || place.city || ' offering local services.',
         kind.industry, CASE g % 3 WHEN 0 THEN true WHEN 1 THEN false END, g % 101,
         CASE WHEN g % 101 >= 80 THEN 'A' WHEN g % 101 >= 60 THEN 'B' WHEN g % 101 >= 40 THEN 'C' ELSE 'D' END,
         now() - g * interval '1 second', now()
       FROM generate_series(1, $4::int) AS g
       CROSS JOIN LATERAL (SELECT
         (ARRAY['Dental','Plumbing','Bakery','Florist','Garage','Salon','Cafe','Gym','Books','Electric'])[1 + (g / 10) % 10] AS word,
         (ARRAY['dentist','plumber','bakery','florist','car_repair','hairdresser','cafe','fitness','books','electrician'])[1 + (g / 10) % 10] AS category,
         (ARRAY['Healthcare','Construction','Food & Drink','Retail','Automotive','Beauty','Food & Drink','Sport','Retail','Construction'])[1 + (g / 10) % 10] AS industry
       ) kind
       CROSS JOIN LATERAL (SELECT
         (ARRAY['Leeds','York','Hull','Bradford','Sheffield','Wakefield','Harrogate','Halifax','Huddersfield','Doncaster','Ripon','Selby'])[1 + (g / 100) % 12] AS city,
         (ARRAY['West Yorkshire','North Yorkshire','East Riding','West Yorkshire','South Yorkshire','West Yorkshire','North Yorkshire','West Yorkshire','West Yorkshire','South Yorkshire','North Yorkshire','North Yorkshire'])[1 + (g / 100) % 12] AS region
       ) place`,
      [account.id, sessionId, runId, BUSINESSES],
    );
    // A software_detection result as the detector stores one for a typical small-business site (about 20
    // technologies, ~10 KB): each with its categories, group, website, icon and up to five pieces of evidence.
    await client.query(
      `INSERT INTO enrichment_results (account_id, business_id, type, data, produced_by, source_url)
       SELECT $1, b.id, 'software_detection',
         jsonb_build_object('technologies',
           jsonb_build_array(
             jsonb_build_object('name', cms.name, 'slug', lower(cms.name), 'version', '6.' || (abs(hashtext(b.name)) % 5),
               'confidence', 100, 'group', 'business', 'website', 'https://' || lower(cms.name) || '.com',
               'icon', cms.name || '.svg', 'categories', '[{"id": 1, "name": "CMS"}]'::jsonb,
               'evidence', jsonb_build_array(jsonb_build_object('type', 'meta', 'match', 'generator: ' || cms.name,
                 'url', b.website))),
             jsonb_build_object('name', 'Stripe', 'slug', 'stripe', 'version', null, 'confidence', 80,
               'group', 'business', 'website', 'https://stripe.com', 'icon', 'Stripe.svg',
               'categories', '[{"id": 41, "name": "Payment processors"}]'::jsonb,
               'evidence', jsonb_build_array(jsonb_build_object('type', 'scriptSrc',
                 'match', 'https://js.stripe.com/v3/', 'url', b.website))))
           || (SELECT jsonb_agg(jsonb_build_object('name', 'Library ' || t, 'slug', 'library-' || t,
                 'version', '3.' || t || '.1', 'confidence', 100,
                 'group', CASE WHEN t % 3 = 0 THEN 'business' ELSE 'infrastructure' END,
                 'website', 'https://library-' || t || '.example', 'icon', 'Library' || t || '.svg',
                 'categories', jsonb_build_array(jsonb_build_object('id', 59, 'name', 'JavaScript libraries'),
                   jsonb_build_object('id', 19, 'name', 'Miscellaneous')),
                 'evidence', (SELECT jsonb_agg(jsonb_build_object('type', 'scriptSrc',
                   'match', b.website || 'wp-content/plugins/library-' || t || '/assets/js/frontend-' || e
                     || '.min.js?ver=3.' || t || '.1',
                   'url', b.website)) FROM generate_series(1, 1 + t % 5) AS e)))
               FROM generate_series(1, 18) AS t)),
         'builtin', b.website
       FROM businesses b
       CROSS JOIN LATERAL (SELECT (ARRAY['WordPress','Wix','Shopify','Squarespace','Joomla'])[1 + abs(hashtext(b.domain)) % 5] AS name) cms
       WHERE b.session_id = $2 AND abs(hashtext(b.domain)) % 10 < 6`,
      [account.id, sessionId],
    );
    if (WITH_DETAILS) {
      // What a `unified` enrichment stores beside the software: the people and company facts the site states,
      // and the summary's services and contacts — the drawer's details, each fact with its page.
      await client.query(
        `INSERT INTO enrichment_results (account_id, business_id, type, data, produced_by, source_url)
         SELECT $1, b.id, r.type, r.data, 'builtin', b.website
         FROM businesses b
         CROSS JOIN LATERAL (VALUES
           ('people', jsonb_build_object(
             'people', jsonb_build_array(
               jsonb_build_object('name', 'Anna Berg ' || b.dedupe_key, 'role', 'Owner', 'seniority', 'owner_founder',
                 'email', 'anna@' || b.domain, 'phone', b.phone, 'linkedin', null, 'source', 'imprint',
                 'source_url', b.website || 'imprint', 'evidence', 'Owner: Anna Berg ' || b.dedupe_key),
               jsonb_build_object('name', 'Lea Roth ' || b.dedupe_key, 'role', 'Sales', 'seniority', 'staff',
                 'email', null, 'phone', null, 'linkedin', null, 'source', 'card',
                 'source_url', b.website || 'team', 'evidence', 'Lea Roth ' || b.dedupe_key || ' – Sales')),
             'emails', jsonb_build_array(
               jsonb_build_object('email', 'anna@' || b.domain, 'domain', b.domain, 'kind', 'personal',
                 'person', 'Anna Berg ' || b.dedupe_key, 'source_url', b.website || 'imprint', 'mx', 'found'),
               jsonb_build_object('email', b.email, 'domain', b.domain, 'kind', 'role', 'person', null,
                 'source_url', b.website || 'contact', 'mx', 'found')),
             'company', jsonb_build_object(
               'legal_name', jsonb_build_object('value', b.name || ' Ltd', 'source_url', b.website || 'imprint',
                 'evidence', b.name || ' Ltd, registered in England'),
               'register', jsonb_build_object('value', jsonb_build_object('court', 'Companies House',
                 'number', lpad(b.dedupe_key, 8, '0')), 'source_url', b.website || 'imprint',
                 'evidence', 'Company number ' || lpad(b.dedupe_key, 8, '0'))))),
           ('ai_summary', jsonb_build_object(
             'services', jsonb_build_array('Repairs', 'Installations', 'Maintenance contracts', 'Emergency call-outs'),
             'customer_type', 'Households and small businesses',
             'contacts', jsonb_build_array(
               jsonb_build_object('kind', 'email', 'value', b.email, 'source_url', b.website || 'contact'),
               jsonb_build_object('kind', 'phone', 'value', b.phone, 'source_url', b.website || 'contact'))))
         ) AS r(type, data)
         WHERE b.session_id = $2`,
        [account.id, sessionId],
      );
    }
    await client.query('VACUUM ANALYZE businesses');
    await client.query('VACUUM ANALYZE enrichment_results');
  });
  console.log(`seeded ${BUSINESSES} businesses in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { idToken, account, user, sessionId };
}

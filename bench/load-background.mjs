// What runs on the workers while the load bench's users browse (load.mjs): a CSV import of IMPORT_ROWS rows, and a
// software-detection enrichment of ENRICH_SITES businesses whose websites are on a local site server; both started
// through the API as a user starts them, and each one's progress as the session info tells it.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createFinishedSession, withClient } from './lib.mjs';
import { authed } from './load-mix.mjs';

export const IMPORT_ROWS = 20_000;
export const ENRICH_SITES = 1_500;

/** The local "web": every site one small WordPress page, a little slow; no robots.txt. */
export async function startSiteServer() {
  const server = createServer((req, res) => {
    setTimeout(() => {
      if (!req.url?.startsWith('/site')) {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><head><title>${req.url}</title><meta name="generator" content="WordPress 6.4.2"></head>` +
          '<body><h1>A local business</h1><p>Open every day.</p></body></html>',
      );
    }, 5);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { port: server.address().port, close: () => new Promise((done) => server.close(done)) };
}

/** A CSV import of IMPORT_ROWS rows, uploaded and confirmed: it runs on a worker. Returns the session id. */
export async function startImport(baseUrl, token) {
  const lines = ['Company Name,Website,City,Category'];
  const tag = randomBytes(3).toString('hex');
  for (let i = 1; i <= IMPORT_ROWS; i++)
    lines.push(`Load ${tag} Shop ${i},https://load-${tag}-${i}.com/,Leeds,shop`);
  const form = new FormData();
  form.append('name', `Load import ${tag}`);
  form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'load.csv');
  const uploaded = await fetch(`${baseUrl}/api/discovery/import`, {
    method: 'POST',
    headers: authed(token),
    body: form,
  });
  if (uploaded.status !== 201)
    throw new Error(`import answered ${uploaded.status}: ${await uploaded.text()}`);
  const { session, mapping } = await uploaded.json();
  const confirmed = await fetch(`${baseUrl}/api/discovery/import/${session.id}/mapping`, {
    method: 'POST',
    headers: authed(token, { 'Content-Type': 'application/json' }),
    body: JSON.stringify({ mapping }),
  });
  if (confirmed.status !== 202)
    throw new Error(`import mapping answered ${confirmed.status}: ${await confirmed.text()}`);
  return session.id;
}

/** A finished session of ENRICH_SITES businesses on the local site server, then its enrichment queued. */
export async function startEnrichment(baseUrl, token, databaseUrl, accountId, sitePort) {
  const { sessionId, runId } = await createFinishedSession(baseUrl, token, databaseUrl, 'Load enrichment');
  await withClient(databaseUrl, (client) =>
    client.query(
      `INSERT INTO businesses (account_id, session_id, run_id, dedupe_key, name, website, source)
       SELECT $1, $2, $3, 'k' || g, 'Site ' || g, 'http://127.0.0.1:' || $4::int || '/site' || g || '/', 'osm'
       FROM generate_series(1, $5::int) AS g`,
      [accountId, sessionId, runId, sitePort, ENRICH_SITES],
    ),
  );
  const queued = await fetch(`${baseUrl}/api/enrichment/software_detection`, {
    method: 'POST',
    headers: authed(token, { 'Content-Type': 'application/json' }),
    body: JSON.stringify({ session_id: sessionId }),
  });
  if (queued.status !== 202) throw new Error(`enrichment answered ${queued.status}: ${await queued.text()}`);
  return sessionId;
}

export async function progressOf(baseUrl, token, sessionId) {
  const response = await fetch(`${baseUrl}/api/user/session/${sessionId}/info`, { headers: authed(token) });
  const info = await response.json();
  return `${info.status} ${info.progress?.done ?? '?'}/${info.progress?.total ?? '?'}`;
}

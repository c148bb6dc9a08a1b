import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_ATTRIBUTION_URL, DEFAULT_TILE_URL, TileUrl } from './map';

/** The repository root (the package.json with workspaces), whether running from src/ or from the bundled dist/. */
function findRepoRoot(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
  }
  return process.cwd();
}

const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'use true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be 1–65535')
  .max(65535, 'must be 1–65535');

const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Every environment variable Argo reads. The README lists the same, with the same defaults. */
const EnvFields = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Public base URL of the app (used by the identity provider for cookies, issuer and links). */
  PUBLIC_URL: z.url({ error: 'must be a full URL such as https://argo.example.com' }).optional(),
  /** Any PostgreSQL. Without it, Argo starts an embedded PostgreSQL keeping its data in ARGO_DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  ARGO_DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  EMBEDDED_PG_PORT: port.default(5433),
  /** Connections of a pool that waits on others: the jobs' (a worker process, npm start's job thread), the API's downloads. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Connections for the API's requests' statements (pages, polls, sign-in lookups). Twice the cores: more backends
   * at work than cores finish no sooner and take the CPU from the API's one thread (bench/load.mjs; figures in
   * docs/performance.md).
   */
  API_POOL_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(() => Math.max(2, 2 * availableParallelism())),
  /** What this process runs: the API, the job workers, or both (default). */
  ARGO_ROLE: z.enum(['all', 'api', 'worker'], { error: 'use all, api or worker' }).default('all'),
  /** Secret for the identity provider's cookies and key encryption. Generated and kept in the database when unset. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6, 'must be 6 or more').max(128).default(6),
  /** Extra browser origins allowed to call the API (comma-separated). The app's own origin is always allowed. */
  CORS_ORIGINS: list.default([]),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Requests per minute of one API key (per process), counted apart from the client address's limit. */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /**
   * Time a webhook receiver has to answer one delivery (ms; connecting has 3 s of its own). A slower receiver's
   * delivery counts as failed and is tried again later.
   */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(500).max(30_000).default(5_000),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * The niceness of the threads that run jobs (0 = as the API, 19 = only when nothing else wants the CPU). Jobs
   * are batch work; on a machine they share with the API, the people clicking through results come first.
   */
  JOB_NICE: z.coerce.number().int().min(0).max(19).default(10),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(15000),
  /** smtp(s)://user:pass@host:port. Unset: emails go to the server log and the dev outbox table. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  EMAIL_FROM: z.string().min(3).default('Argo <no-reply@argo.local>'),
  /** AWS Cognito instead of the built-in sign-in: both ids set switch the provider. */
  COGNITO_USER_POOL_ID: z
    .string()
    .regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'must look like us-east-1_AbC123')
    .optional(),
  COGNITO_CLIENT_ID: z.string().min(1).optional(),
  COGNITO_REGION: z.string().min(1).default('us-east-1'),
  /** Another Cognito endpoint (cognito-local in tests). Unset: AWS's own for COGNITO_REGION. */
  COGNITO_ENDPOINT: z.url().optional(),
  /** Failed sign-ins allowed per account and per IP in SIGN_IN_WINDOW_MINUTES before "try again in N minutes". */
  SIGN_IN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  SIGN_IN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** OpenStreetMap services of the discovery search (defaults: the public servers, used within their policies). */
  OVERPASS_URL: z.url().default('https://overpass-api.de/api/interpreter'),
  NOMINATIM_URL: z.url().default('https://nominatim.openstreetmap.org'),
  /** Sent to Nominatim and Overpass, whose policies ask for a contact: "Argo/0.1 (+https://you.example/contact)". */
  OSM_USER_AGENT: z
    .string()
    .trim()
    .regex(
      /(https?:\/\/|@)\S+/,
      'must include a contact URL or email, e.g. "Argo/0.1 (+https://example.com/contact)"',
    )
    .optional(),
  /** Google Places (Text Search) as a second discovery source when set. */
  GOOGLE_PLACES_API_KEY: z.string().trim().min(1).optional(),
  GOOGLE_PLACES_URL: z.url().default('https://places.googleapis.com/v1'),
  /** Largest CSV upload, in bytes (default 20 MB). */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024, 'must be at least 1024')
    .max(1024 * 1024 * 1024, 'must be at most 1 GB')
    .default(20 * 1024 * 1024),
  /**
   * A language model for summaries and ICP reasons: any OpenAI-compatible server (OpenAI, Azure, Groq, Ollama,
   * vLLM, llama.cpp). Used only when LLM_BASE_URL and LLM_MODEL are both set; otherwise built-in analyzers run.
   */
  LLM_BASE_URL: z.url({ error: 'must be a full URL such as https://api.openai.com/v1' }).optional(),
  LLM_API_KEY: z.string().trim().min(1).optional(),
  LLM_MODEL: z.string().trim().min(1).optional(),
  /**
   * IP addresses or CIDR ranges the website crawler may connect to although they are private or local (an
   * intranet site, a local test server: "127.0.0.1,10.0.0.0/8"). Default none: the SSRF guard refuses them all.
   */
  CRAWL_ALLOW_HOSTS: list.default([]),
  /** Website requests in flight at once over all hosts, per enrichment batch job (one at a time per host always). */
  CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** Time limit of one website request, body included (ms). */
  CRAWL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  /** Bytes of one page read at most (the rest is cut off). */
  CRAWL_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024, 'must be at least 65536')
    .max(50 * 1024 * 1024, 'must be at most 50 MB')
    .default(2 * 1024 * 1024),
  /** Pages crawled per website besides the home page (about, contact, imprint, careers, team, pricing). */
  CRAWL_PAGE_BUDGET: z.coerce.number().int().min(0).max(30).default(6),
  /** Businesses an enrichment job works on at once (their pages share the CRAWL_CONCURRENCY requests). */
  ENRICH_CONCURRENCY: z.coerce.number().int().min(1).max(128).default(12),
  /**
   * Businesses per batch job: an enrichment is split into batch jobs that any worker process takes, so one session
   * runs on every worker.
   */
  ENRICH_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(50),
  /**
   * Batch jobs one organisation has queued or running at once over all its enrichments and all workers: what one
   * account's big session may take of the workers while others wait. Batches of an account with fewer in flight
   * are taken first.
   */
  ENRICH_ACCOUNT_BATCHES: z.coerce.number().int().min(1).max(1000).default(16),
  /**
   * Look up the MX records of the email domains a site shows (does the domain receive mail at all?). No mailbox is
   * ever probed. "false" skips the lookups (every address is then shown as not checked).
   */
  MX_CHECK: bool.default(true),
  /** DNS servers for the MX lookups ("1.1.1.1,8.8.8.8" or "127.0.0.1:5353"); default the system's resolver. */
  MX_DNS_SERVERS: list.default([]),
  /**
   * A domain known to receive mail: a domain is said to have no mail server only when the resolver finds this one's.
   * A resolver that answers "not found" for every name (no outside DNS) leaves every address "not checked".
   */
  MX_REFERENCE_DOMAIN: z.string().trim().min(1).default('gmail.com'),
  /**
   * Geocode the ICP's locations with NOMINATIM_URL (outline and names in every language, cached 30 days) so ICP
   * scoring matches places by geography. "false": by names only (transliterated, accent-insensitive).
   */
  ICP_GEOCODE: bool.default(true),
  /**
   * The results map's raster tiles ({z}/{x}/{y}, optionally {s}) and the attribution their provider asks for; the
   * Content-Security-Policy allows images from the template's origin. Default: OpenStreetMap's standard tiles.
   */
  MAP_TILE_URL: TileUrl.default(DEFAULT_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).max(300).default(DEFAULT_TILE_ATTRIBUTION),
  MAP_TILE_ATTRIBUTION_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http(s) URL such as https://www.openstreetmap.org/copyright',
    })
    .default(DEFAULT_TILE_ATTRIBUTION_URL),
  /** The deepest zoom the tile server has. */
  MAP_TILE_MAX_ZOOM: z.coerce.number().int().min(1, 'must be 1–24').max(24, 'must be 1–24').default(19),
  /**
   * The key CRM tokens are encrypted with (AES-256-GCM, any text of 32+ characters). Unset: AUTH_SECRET, else a key
   * generated on first use and kept in the database. Set it to keep the key apart from the database's backups.
   */
  ARGO_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** HubSpot's API (tests point it at a local server). */
  HUBSPOT_API_URL: z
    .url({ error: 'must be a full URL such as https://api.hubapi.com' })
    .default('https://api.hubapi.com'),
  /** Pipedrive's API; unset: https://<company domain>.pipedrive.com/api of each connection. */
  PIPEDRIVE_API_URL: z.url({ error: 'must be a full URL such as https://acme.pipedrive.com/api' }).optional(),
  /** Time limit of one CRM request (ms). */
  CRM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(30_000),
});

const EnvSchema = EnvFields.superRefine((env, ctx) => {
  // Half a Cognito configuration would silently fall back to the built-in sign-in: refuse to start instead.
  const hasPool = env.COGNITO_USER_POOL_ID !== undefined;
  const hasClient = env.COGNITO_CLIENT_ID !== undefined;
  if (hasPool !== hasClient) {
    ctx.addIssue({
      code: 'custom',
      path: [hasPool ? 'COGNITO_CLIENT_ID' : 'COGNITO_USER_POOL_ID'],
      message:
        'set COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID together (both for Cognito sign-in, neither for the built-in one)',
    });
  }
  if (env.COGNITO_ENDPOINT !== undefined && !hasPool && !hasClient) {
    ctx.addIssue({
      code: 'custom',
      path: ['COGNITO_ENDPOINT'],
      message: 'is only used with COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID; set them too, or unset it',
    });
  }
});

export type Config = z.infer<typeof EnvSchema> & { PUBLIC_URL: string };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(
      `Argo cannot start: the configuration has ${problems.length} problem(s):\n  - ${problems.join('\n  - ')}`,
    );
  }
}

/** Parses the environment once at start. Throws ConfigError listing every bad value with what to fix. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0]);
        // Never echo secrets (a DATABASE_URL may hold a password).
        const shown = /SECRET|PASSWORD|DATABASE_URL|API_KEY|ENCRYPTION_KEY/.test(name)
          ? ''
          : `=${JSON.stringify(cleaned[name] ?? '')}`;
        return `${name}${shown}: ${i.message}`;
      }),
    );
  }
  const c = parsed.data;
  // A host name by default: browsers refuse passkeys (WebAuthn) on IP addresses such as 127.0.0.1.
  const localHost = ['127.0.0.1', '0.0.0.0', '::1', '::'].includes(c.HOST) ? 'localhost' : c.HOST;
  return { ...c, PUBLIC_URL: (c.PUBLIC_URL ?? `http://${localHost}:${c.PORT}`).replace(/\/$/, '') };
}

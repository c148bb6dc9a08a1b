/**
 * `argo analyze <url-or-file>…`: the engine's analyzers without the app. Live URLs are crawled like the worker
 * does (polite fetcher, SSRF guard on); saved .html files are analysed as one page each.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Icp } from '@argo/contract';
import { type AnalyzerType, enrichSite, type SiteEnrichment } from '../analyze/enrich';
import type { IcpBusiness } from '../analyze/icp/facts';
import type { IcpCriteria } from '../analyze/icp/types';
import { decodeHtml } from '../crawl/charset';
import { crawlSite, type SiteCrawl } from '../crawl/crawl-site';
import { createFetcher, type Fetcher } from '../crawl/fetcher';
import { pageFromHtml, pageReadError } from '../crawl/page';
import type { LanguageModel } from '../llm/language-model';
import { createOpenAiCompatibleModel } from '../llm/openai-compatible';
import { type CliOptions, parseCommand, USAGE, UsageError } from './args';
import { formatEnrichment } from './format';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  cwd: string;
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
};

/** Runs the CLI; resolves to the exit code (0 done, 1 bad arguments, 2 no input could be analysed). */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  let options: CliOptions;
  let icp: IcpCriteria | null;
  try {
    const command = parseCommand(argv);
    if (command.help) {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    options = command.options;
    icp = options.icpFile ? readIcp(resolvePath(io.cwd, options.icpFile)) : null;
    if (options.typesGiven && options.types.includes('icp_analysis') && !icp) {
      throw new UsageError('icp_analysis needs the ICP: add --icp <file.json>');
    }
    for (const input of options.inputs) classifyInput(input, io.cwd); // fail early on a missing file
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`argo: ${error.message}\nRun "argo --help" for usage.\n`);
    return 1;
  }

  // Without an ICP the default run leaves icp_analysis out instead of reporting it as failed.
  const types = icp ? options.types : options.types.filter((t) => t !== 'icp_analysis');
  const fetcher = createFetcher({ allowAddresses: listFromEnv(io.env.ARGO_ALLOW_ADDRESSES) });
  const languageModel = modelFromEnv(io.env);
  const results: SiteEnrichment[] = [];
  try {
    for (const input of options.inputs) {
      const crawl = await crawlInput(input, io.cwd, fetcher, options.pageBudget);
      const enrichment = await analyse(crawl, types, { options, icp, fetcher, languageModel });
      results.push(enrichment);
      if (!options.json) io.stdout(`${formatEnrichment(input, enrichment)}\n`);
    }
  } finally {
    await fetcher.close();
  }
  if (options.json) io.stdout(`${JSON.stringify(results.length === 1 ? results[0] : results, null, 2)}\n`);
  return results.every((r) => r.pages.length === 0) ? 2 : 0;
}

interface AnalyseContext {
  options: CliOptions;
  icp: IcpCriteria | null;
  fetcher: Fetcher;
  languageModel: LanguageModel | null;
}

/**
 * ICP scoring needs the other analyzers' facts and the business's name and place, which the CLI only learns from
 * the site: so the other analyzers run first (also when not asked for), then ICP scoring on the same pages.
 */
async function analyse(
  crawl: SiteCrawl,
  types: AnalyzerType[],
  ctx: AnalyseContext,
): Promise<SiteEnrichment> {
  const wantsIcp = types.includes('icp_analysis');
  const first = wantsIcp
    ? (['software_detection', 'career_analysis', 'ai_summary', 'people'] as const)
    : types.filter((t) => t !== 'icp_analysis');
  const base = { fetcher: ctx.fetcher, languageModel: ctx.languageModel };
  const business = businessFrom(crawl, null, ctx.options);
  const result = await enrichSite(crawl, [...first], { ...base, business });
  if (wantsIcp && ctx.icp) {
    const scored = await enrichSite(crawl, ['icp_analysis'], {
      ...base,
      business: businessFrom(crawl, result, ctx.options),
      icp: ctx.icp,
      previous: result,
    });
    if (scored.icp_analysis) result.icp_analysis = scored.icp_analysis;
    if (scored.analyzer_errors.icp_analysis)
      result.analyzer_errors.icp_analysis = scored.analyzer_errors.icp_analysis;
  }
  // Print only what was asked for.
  for (const type of ['software_detection', 'career_analysis', 'ai_summary', 'people'] as const) {
    if (!types.includes(type)) {
      delete result[type];
      delete result.analyzer_errors[type];
    }
  }
  return result;
}

/** Name and place for ICP scoring: the flags, else the site's schema.org data, else its title or host. */
function businessFrom(crawl: SiteCrawl, found: SiteEnrichment | null, options: CliOptions): IcpBusiness {
  const org = found?.ai_summary?.organization ?? null;
  const address = (org?.address ?? null) as Record<string, unknown> | null;
  const text = (value: unknown): string | null => {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string') {
      return ((value as { name: string }).name || '').trim() || null;
    }
    return null;
  };
  const home = crawl.pages[0];
  const title = home && !pageReadError(home) ? home.$('title').first().text().trim() : '';
  const host = (() => {
    try {
      return new URL(crawl.homeUrl ?? crawl.startUrl).hostname || null;
    } catch {
      return null;
    }
  })();
  return {
    name: options.business.name ?? text(org?.name) ?? (title || host || crawl.startUrl),
    category: options.business.category ?? found?.ai_summary?.industry ?? null,
    city: options.business.city ?? text(address?.addressLocality),
    region: options.business.region ?? text(address?.addressRegion),
    country: options.business.country ?? text(address?.addressCountry),
  };
}

type InputKind = { kind: 'file'; path: string } | { kind: 'url'; url: string };

function classifyInput(input: string, cwd: string): InputKind {
  if (/^https?:\/\//i.test(input)) {
    try {
      new URL(input);
    } catch {
      throw new UsageError(`"${input}" is not a valid URL`);
    }
    return { kind: 'url', url: input };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input)) {
    throw new UsageError(`"${input}": only http and https URLs can be crawled`);
  }
  const path = resolvePath(cwd, input);
  if (existsSync(path)) {
    if (!statSync(path).isFile()) throw new UsageError(`"${input}" is a folder: give an .html file`);
    return { kind: 'file', path };
  }
  // "example.com" or "example.com/about": a site without a scheme (crawlSite tries https, then http).
  if (/^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+(?::\d+)?(?:\/\S*)?$/u.test(input) && !/\.html?$/i.test(input)) {
    return { kind: 'url', url: input };
  }
  throw new UsageError(`"${input}" is neither an http(s) URL nor an existing file`);
}

async function crawlInput(
  input: string,
  cwd: string,
  fetcher: Fetcher,
  pageBudget: number,
): Promise<SiteCrawl> {
  const kind = classifyInput(input, cwd);
  if (kind.kind === 'url') return crawlSite(kind.url, { fetcher, pageBudget });
  const url = pathToFileURL(kind.path).href;
  const page = pageFromHtml({ url, html: decodeHtml(readFileSync(kind.path)).text, role: 'home' });
  return { startUrl: url, homeUrl: url, pages: [page], errors: [], robotsBlocked: [], plan: [] };
}

function readIcp(path: string): IcpCriteria {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const why =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new UsageError(`--icp ${path}: ${why}`);
  }
  // Accept a venture object too ({ …, "icp": { … } }).
  const candidate = json && typeof json === 'object' && 'icp' in json ? (json as { icp: unknown }).icp : json;
  const parsed = Icp.safeParse(candidate);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ');
    throw new UsageError(`--icp ${path}: ${issues}`);
  }
  return parsed.data;
}

const listFromEnv = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** The same LLM_* variables as the API (optional: without them the built-in analyzers run). */
function modelFromEnv(env: CliIo['env']): LanguageModel | null {
  const baseUrl = env.LLM_BASE_URL?.trim();
  const model = env.LLM_MODEL?.trim();
  if (!baseUrl || !model) return null;
  const apiKey = env.LLM_API_KEY?.trim();
  return createOpenAiCompatibleModel({ baseUrl, model, ...(apiKey ? { apiKey } : {}) });
}

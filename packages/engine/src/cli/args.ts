import { parseArgs } from 'node:util';
import { ANALYZER_TYPES, type AnalyzerType } from '../analyze/enrich';

export const USAGE = `Usage: argo analyze <url-or-file>… [options]

Runs Argo's analyzers on live websites (crawled politely: robots.txt, one request at a time per host, SSRF guard)
or on saved .html files (each analysed as one page) and prints what they found.

Options:
  --types <list>     comma-separated analyzers (default: all that apply)
                     software_detection, career_analysis, ai_summary, people, icp_analysis
  --icp <file>       the ICP to score against, as JSON (the venture's icp: industries, locations, keywords,
                     exclude_keywords, employee_min, employee_max, software_signals, hiring_signal);
                     needed for icp_analysis
  --name <name>      business name for ICP scoring (default: from the site)
  --category <text>  business category for ICP scoring
  --city <city>      business place for ICP scoring (default: the address the site gives)
  --region <region>
  --country <country>
  --pages <n>        pages crawled per site besides the home page (default 6)
  --json             print the result as JSON (one object per input; an array for several inputs)
  -h, --help         show this help

Environment:
  LLM_BASE_URL, LLM_MODEL, LLM_API_KEY   an OpenAI-compatible model for ai_summary and ICP notes (optional)
  ARGO_ALLOW_ADDRESSES                   comma-separated IPs/CIDRs the SSRF guard lets through (tests only,
                                         e.g. 127.0.0.1)

Exit codes: 0 done, 1 bad arguments, 2 no input could be analysed.`;

export interface CliOptions {
  inputs: string[];
  types: AnalyzerType[];
  /** icp_analysis asked for explicitly (an error without --icp) rather than by default. */
  typesGiven: boolean;
  json: boolean;
  icpFile: string | null;
  business: { name?: string; category?: string; city?: string; region?: string; country?: string };
  pageBudget: number;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export type ParsedCommand = { help: true } | { help: false; options: CliOptions };

export function parseCommand(argv: readonly string[]): ParsedCommand {
  let parsed: ReturnType<typeof parseWithNode>;
  try {
    parsed = parseWithNode(argv);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  const [command, ...inputs] = positionals;
  if (command === undefined) throw new UsageError('missing command: try "argo analyze <url-or-file>"');
  if (command === 'help') return { help: true };
  if (command !== 'analyze') throw new UsageError(`unknown command "${command}": the command is "analyze"`);
  if (inputs.length === 0) throw new UsageError('missing input: give at least one URL or .html file');

  const typesGiven = values.types !== undefined;
  const types = typesGiven ? parseTypes(values.types as string) : [...ANALYZER_TYPES];
  const pageBudget = values.pages === undefined ? 6 : Number(values.pages);
  if (!Number.isInteger(pageBudget) || pageBudget < 0 || pageBudget > 50) {
    throw new UsageError(`--pages must be a whole number from 0 to 50, not "${values.pages}"`);
  }
  const business: CliOptions['business'] = {};
  for (const key of ['name', 'category', 'city', 'region', 'country'] as const) {
    const value = values[key];
    if (typeof value === 'string' && value.trim() !== '') business[key] = value.trim();
  }
  return {
    help: false,
    options: {
      inputs,
      types,
      typesGiven,
      json: values.json === true,
      icpFile: typeof values.icp === 'string' ? values.icp : null,
      business,
      pageBudget,
    },
  };
}

function parseWithNode(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      types: { type: 'string' },
      icp: { type: 'string' },
      json: { type: 'boolean' },
      name: { type: 'string' },
      category: { type: 'string' },
      city: { type: 'string' },
      region: { type: 'string' },
      country: { type: 'string' },
      pages: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function parseTypes(list: string): AnalyzerType[] {
  const names = list
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (names.length === 0) throw new UsageError(`--types needs at least one of ${ANALYZER_TYPES.join(', ')}`);
  const types: AnalyzerType[] = [];
  for (const name of names) {
    if (!(ANALYZER_TYPES as readonly string[]).includes(name)) {
      throw new UsageError(`unknown type "${name}" in --types: use ${ANALYZER_TYPES.join(', ')}`);
    }
    if (!types.includes(name as AnalyzerType)) types.push(name as AnalyzerType);
  }
  return types;
}

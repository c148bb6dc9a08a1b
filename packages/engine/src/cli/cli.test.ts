/**
 * `argo analyze` as users run it: the bin script in a child process (plain Node), on a saved fixture page and on
 * a live URL served from a local server (the SSRF allow-list opened for 127.0.0.1 through ARGO_ALLOW_ADDRESSES).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, hasFixtures, MISSING_FIXTURES_MESSAGE } from '../crawl/test-fixtures';
import { type LocalServer, startServer } from '../crawl/test-server';
import { main } from './main';

const BIN = resolve(fileURLToPath(import.meta.url), '../../../bin/argo.mjs');
const PROF_PC = join(FIXTURES_DIR, 'html/pages/prof-pc.de.html');
const JOBS = join(FIXTURES_DIR, 'careers/2i2c_jobs-index_hiring_2024-04.html');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function argo(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      // No LLM_* variables: the built-in analyzers run.
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 80_000 },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : error ? null : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

async function inProcess(args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env: {},
    cwd: process.cwd(),
  });
  return { code, stdout, stderr };
}

if (!hasFixtures) console.warn(MISSING_FIXTURES_MESSAGE);

describe('argo CLI arguments', { timeout: 90_000 }, () => {
  it('prints the usage with --help', async () => {
    const run = await argo(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: argo analyze <url-or-file>');
    expect(run.stdout).toContain('--types');
  });

  it('exits 1 with a clear message on stderr for a bad argument', async () => {
    const run = await argo(['analyze', 'https://example.com', '--types', 'software,icp']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'argo: unknown type "software" in --types: use software_detection, career_analysis, ai_summary, people, icp_analysis\n' +
        'Run "argo --help" for usage.\n',
    );
    expect(run.stdout).toBe('');
  });

  // The same checks in-process (each child process costs seconds of start-up).
  it.each([
    [[], /missing command/],
    [['analyse', 'x.html'], /unknown command "analyse"/],
    [['analyze'], /missing input/],
    [
      ['analyze', 'no-such-file.html'],
      /"no-such-file.html" is neither an http\(s\) URL nor an existing file/,
    ],
    [['analyze', FIXTURES_DIR], /is a folder: give an \.html file/],
    [['analyze', 'https://example.com', '--types', ','], /--types needs at least one of/],
    [['analyze', 'https://example.com', '--types', 'icp_analysis'], /icp_analysis needs the ICP: add --icp/],
    [['analyze', 'https://example.com', '--icp', 'missing.json'], /--icp .*missing\.json: no such file/],
    [['analyze', 'https://example.com', '--pages', 'many'], /--pages must be a whole number from 0 to 50/],
    [['analyze', 'https://example.com', '--frobnicate'], /Unknown option '--frobnicate'/],
    [['analyze', 'ftp://example.com/'], /only http and https URLs/],
    [['analyze', 'http://exa mple.com/'], /is not a valid URL/],
  ])('exits 1 with a clear message for %j', async (args, message) => {
    const run = await inProcess(args);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('argo --help');
    expect(run.stdout).toBe('');
  });

  it('rejects an ICP file that does not fit the schema, naming the field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'argo-cli-'));
    const file = join(dir, 'icp.json');
    writeFileSync(file, JSON.stringify({ employee_min: 50, employee_max: 10 }));
    const run = await inProcess(['analyze', 'https://example.com', '--icp', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('employee_max must be at least employee_min');
    writeFileSync(file, '{ not json');
    expect((await inProcess(['analyze', 'https://example.com', '--icp', file])).stderr).toMatch(
      /--icp .*JSON/,
    );
  });
});

// Each run starts Node, compiles the source and loads the fingerprints: slow on a busy 2-core machine.
describe.runIf(hasFixtures)('argo analyze on real pages', { timeout: 90_000 }, () => {
  let server: LocalServer;
  let icpFile: string;

  beforeAll(async () => {
    // One site: the 2i2c jobs page at / (its links to other pages answer 404).
    server = await startServer((req, res) => {
      if (req.url === '/' || req.url === '/jobs/') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(readFileSync(JOBS));
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
      }
    });
    const dir = mkdtempSync(join(tmpdir(), 'argo-cli-'));
    icpFile = join(dir, 'icp.json');
    writeFileSync(
      icpFile,
      JSON.stringify({ software_signals: ['Hugo'], hiring_signal: true, exclude_keywords: [] }),
    );
  });

  afterAll(async () => {
    await server?.close();
  });

  it('analyses a saved HTML file and prints technologies with version, confidence and evidence', async () => {
    const run = await argo(['analyze', PROF_PC, '--types', 'software_detection']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`== ${PROF_PC}`);
    expect(run.stdout).toMatch(/^ {2}Hugo( [\d.]+)? {2}\[.*\] {2}confidence \d+%$/m);
    expect(run.stdout).toMatch(/^ {6}meta: .*Hugo.*\(file:\/\/.*prof-pc\.de\.html\)$/m);
    expect(run.stdout).not.toContain('Careers');
  });

  it('prints the SiteEnrichment as JSON with --json', async () => {
    const run = await argo(['analyze', PROF_PC, '--json', '--types', 'software_detection,ai_summary']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(Object.keys(result).sort()).toEqual([
      'ai_summary',
      'analyzer_errors',
      'errors',
      'pages',
      'software_detection',
    ]);
    expect(result.pages).toEqual([
      {
        url: expect.stringMatching(/^file:\/\/.*prof-pc\.de\.html$/),
        role: 'home',
        fetched_at: expect.any(String),
      },
    ]);
    expect(result.software_detection.technologies.map((t: { name: string }) => t.name)).toContain('Hugo');
    expect(result.ai_summary.produced_by).toBe('builtin');
  });

  it('crawls a live URL and scores it against an ICP file', async () => {
    const url = `${server.origin}/`;
    const run = await argo(['analyze', url, '--icp', icpFile, '--name', '2i2c'], {
      ARGO_ALLOW_ADDRESSES: '127.0.0.1',
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`page  home     ${url}`);
    expect(run.stdout).toMatch(/^Software \(\d+\)$/m);
    expect(run.stdout).toContain('Careers  hiring: yes');
    expect(run.stdout).toContain('Open Source Infrastructure Engineer');
    expect(run.stdout).toMatch(/^Summary \(built-in\)$/m);
    expect(run.stdout).toMatch(/^ICP fit {2}100\/100 {2}tier A {2}\(built-in\)$/m);
    expect(run.stdout).toMatch(/✓ software_signals 60\/60: "Hugo": detected Hugo/);
    expect(run.stdout).toMatch(/✓ hiring_signal 40\/40: hiring/);
  });

  it('refuses a loopback URL without the allow-list (SSRF guard on) and exits 2', async () => {
    const run = await argo(['analyze', `${server.origin}/`, '--types', 'software_detection']);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('no page could be read');
    expect(run.stdout).toMatch(/skipped home .* ssrf: /);
  });
});

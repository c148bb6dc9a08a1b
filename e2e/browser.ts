import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterEach, beforeEach } from 'vitest';

/** Screenshots land here; CI keeps the folder as build artifacts (it is git-ignored). */
const ARTIFACTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');

/** Debian's chromium (never a downloaded browser); CHROMIUM_PATH points elsewhere. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

interface PageDiagnostics {
  /** Uncaught exceptions in the page: each one fails the test (see expectNoPageErrors). */
  pageErrors: Error[];
  /** console.error lines and 4xx/5xx responses; reported (console-errors.log, failures), not failures themselves. */
  consoleErrors: string[];
}

const diagnostics = new WeakMap<Page, PageDiagnostics>();
const openPages = new Set<Page>();

/**
 * A page in a fresh browser context (its own cookies and storage: one context = one person), whose relative
 * URLs resolve against `baseUrl`. Its console errors and uncaught errors are recorded.
 */
export async function newPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 900 } });
  // Fail a step in seconds rather than Playwright's 30 s, so one broken step leaves time for the others.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  // E2E_CPU_THROTTLE=4 slows the page's CPU four times (Chromium's own throttling): a race that a loaded CI
  // machine meets now and then shows up on every run.
  const throttle = Number(process.env.E2E_CPU_THROTTLE ?? 1);
  if (throttle > 1) {
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  const recorded: PageDiagnostics = { pageErrors: [], consoleErrors: [] };
  diagnostics.set(page, recorded);
  openPages.add(page);
  page.on('pageerror', (error) => recorded.pageErrors.push(error));
  page.on('console', (message) => {
    // Chromium's "Failed to load resource" names no URL: the response listener below does.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      recorded.consoleErrors.push(`${page.url()}: ${message.text()}`);
    }
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      const request = response.request();
      recorded.consoleErrors.push(
        `${page.url()}: ${request.method()} ${response.url()} answered ${response.status()}`,
      );
    }
  });
  page.on('close', () => openPages.delete(page));
  return page;
}

/** Throws (failing the test) when a page had an uncaught error since the last check; then forgets them. */
function expectNoPageErrors(pages: Iterable<Page> = openPages): void {
  const problems: string[] = [];
  for (const page of pages) {
    const recorded = diagnostics.get(page);
    if (!recorded) continue;
    for (const error of recorded.pageErrors) problems.push(`${page.url()}: ${error.stack ?? error.message}`);
    if (recorded.pageErrors.length > 0 && recorded.consoleErrors.length > 0) {
      problems.push(`console errors of that page:\n  ${recorded.consoleErrors.join('\n  ')}`);
    }
    recorded.pageErrors = [];
    recorded.consoleErrors = [];
  }
  if (problems.length > 0) throw new Error(`Uncaught error(s) in the page:\n${problems.join('\n')}`);
}

/**
 * For `afterEach`: when the test failed, a screenshot of every open page (FAILED-<test>-<n>.png, to see what the
 * screen showed); the pages' console errors go to artifacts/console-errors.log; then fails the test on uncaught
 * page errors.
 */
export async function afterPageTest(task: { name: string; result?: { state?: string } }): Promise<void> {
  if (task.result?.state === 'fail') {
    const slug = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    let n = 0;
    for (const page of openPages) {
      await screenshot(page, `FAILED-${slug}-${++n}`).catch(() => {});
    }
  }
  const lines = [...openPages].flatMap((page) => diagnostics.get(page)?.consoleErrors ?? []);
  if (lines.length > 0) {
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    await appendFile(path.join(ARTIFACTS_DIR, 'console-errors.log'), `# ${task.name}\n${lines.join('\n')}\n`);
  }
  expectNoPageErrors();
}

/** Writes a full-page PNG to e2e/artifacts/<name>.png. */
/**
 * The badge labels under `scope` that do not show their whole text (cut off, or an ellipsis), measured at a laptop
 * width (1280 px), where crowded tables squeeze their columns; the viewport is restored after.
 */
export async function clippedBadges(page: Page, scope: Locator): Promise<string[]> {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  try {
    const labels = scope.locator('.mantine-Badge-label');
    if ((await labels.count()) === 0) throw new Error('no badge to measure');
    return await labels.evaluateAll((all) =>
      all
        .filter((label) => label.scrollWidth > Math.ceil(label.getBoundingClientRect().width))
        .map((label) => label.textContent ?? ''),
    );
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
}

/**
 * Saves the page as an artifact: the whole page, or only the viewport (`fullPage: false`) when a box scrolled
 * inside it must stay where it is: a full-page shot resizes the viewport, and the box is then scrolled back to its top.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage });
}

/** SPEC §9 debounces the title by 50 ms: wait for it rather than reading it at once. */
export async function waitForTitle(page: Page, title: string, timeout = 10_000): Promise<void> {
  await page
    .waitForFunction((expected) => document.title === expected, title, { timeout })
    .catch(async () => {
      throw new Error(`Expected the title "${title}" on ${page.url()}, found "${await page.title()}"`);
    });
}

/** Waits until the page's path (and the given search params, if any) match; returns the URL. */
export async function waitForPath(
  page: Page,
  pathname: string,
  search: Record<string, string> = {},
  timeout = 15_000,
): Promise<URL> {
  const matches = (url: URL) =>
    url.pathname === pathname &&
    Object.entries(search).every(([key, value]) => url.searchParams.get(key) === value);
  await page.waitForURL(matches, { timeout }).catch(() => {
    const wanted = `${pathname}${Object.keys(search).length > 0 ? `?${new URLSearchParams(search)}` : ''}`;
    throw new Error(`Expected to be on ${wanted}, but the page is on ${page.url()}`);
  });
  return new URL(page.url());
}

/**
 * Launches Chromium (launchBrowser) with one page on `baseUrl` (newPage); `visitedPaths`, when given, collects
 * every path the page goes to (recordPaths). A second person gets `newPage(browser, baseUrl)`.
 */
export async function launchWithPage(
  baseUrl: string,
  visitedPaths?: string[],
): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchBrowser();
  const page = await newPage(browser, baseUrl);
  if (visitedPaths) recordPaths(page, visitedPaths);
  return { browser, page };
}

/** Records the path of every page the page's main frame went to (a screen may pass by quickly) into `into`. */
function recordPaths(page: Page, into: string[]): void {
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) into.push(new URL(frame.url()).pathname);
  });
}

interface StepTask {
  name: string;
  suite?: { name: string };
  result?: { state?: string };
}

/**
 * The steps build on each other and run in order: registers a beforeEach and an afterEach (call it at the top
 * level of the file) so that after one step fails, the next ones fail at once with `not run: the earlier step
 * "…" failed` instead of timing out on a screen that never came. The afterEach also calls afterPageTest.
 * - `perDescribe`: only the steps of the same describe build on each other.
 * - `blocks`: which failed steps stop the later ones (default: every one).
 * - `beforeStep`: a check run before each step, before the earlier-step check (throw to fail the step).
 */
export function sequentialSteps(
  options: { perDescribe?: boolean; blocks?: (stepName: string) => boolean; beforeStep?: () => void } = {},
): void {
  const failedSteps = new Map<string, string>();
  const scope = (task: StepTask) => (options.perDescribe ? (task.suite?.name ?? '') : '');
  beforeEach(({ task }) => {
    options.beforeStep?.();
    const failed = failedSteps.get(scope(task));
    if (failed) throw new Error(`not run: the earlier step "${failed}" failed`);
  });
  afterEach(async ({ task }) => {
    const key = scope(task);
    if (task.result?.state === 'fail' && (options.blocks?.(task.name) ?? true) && !failedSteps.has(key)) {
      failedSteps.set(key, task.name);
    }
    await afterPageTest(task);
  });
}

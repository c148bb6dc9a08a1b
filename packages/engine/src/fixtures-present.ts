/**
 * Whether the fixtures a test file needs are there (test helper). Outside CI a missing ../shared/fixtures skips
 * the tests that read it, with a warning. Under CI (CI set) it fails the test file instead: CI must never pass
 * because the real pages it should have been judged on were not there.
 */
export function fixturesPresent(present: boolean, what: string): boolean {
  if (present) return true;
  if (process.env.CI) throw new Error(`${what} not found: under CI every test runs on the real fixtures`);
  console.warn(`${what} not found: the tests that read them are skipped`);
  return false;
}

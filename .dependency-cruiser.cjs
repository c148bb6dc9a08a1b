/**
 * The import boundaries, checked by `npm run lint` (depcruise). See ARCHITECTURE.md, "Boundaries".
 *
 * Paths are as resolved, so a relative import and a package import of the same file are judged alike.
 */

/** Code that only tests run: test files, fixtures, the test helper folders, the browser tests. */
const TEST_CODE = '(test-utils\\.tsx?$|\\.test\\.tsx?$|\\.fixtures\\.tsx?$|/test/|/testing/|^e2e/)';
const WEB = '^apps/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes the modules in it one unit: none can be understood, tested or loaded alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import the checker cannot resolve is one it cannot judge: fix the import (or the resolution here).',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'web-feature-to-other-feature',
      severity: 'error',
      comment:
        'A feature does not import another feature (tests included): what two features share moves to ' +
        'components/ (UI), lib/ (API calls, helpers) or testing/ (test helpers); a route composes features.',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-shared-to-upper',
      severity: 'error',
      comment:
        'components/, lib/, hooks/ and config/ are the bottom layer: they do not import features, routes, the app ' +
        'shell or the test helpers (their own tests may use the test helpers).',
      from: { path: `${WEB}(components|lib|hooks|config)/`, pathNot: TEST_CODE },
      to: { path: `${WEB}(features|routes|app|testing)/|${WEB}main\\.tsx$` },
    },
    {
      name: 'web-feature-to-upper',
      severity: 'error',
      comment:
        'A feature does not import the routes or the app shell (routes and the router compose features); ' +
        'its tests may render the whole app.',
      from: { path: `${WEB}features/`, pathNot: TEST_CODE },
      to: { path: `${WEB}(routes|app|testing)/|${WEB}main\\.tsx$` },
    },
    {
      name: 'package-to-app',
      severity: 'error',
      comment:
        'packages/* are libraries for the apps: they never import an app, the evaluation or the e2e tests.',
      from: { path: '^packages/' },
      to: { path: '^(apps|eval|e2e|bench)/' },
    },
    {
      name: 'contract-to-workspace',
      severity: 'error',
      comment: 'The contract is the bottom of everything: it imports no other workspace (only zod).',
      from: { path: '^packages/contract/' },
      to: { path: '^(packages/(?!contract/)|apps/|eval/|e2e/)' },
    },
    {
      name: 'app-to-other-app',
      severity: 'error',
      comment: 'The web and the API share only the contract: neither imports the other.',
      from: { path: '^apps/(web|api)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'web-to-engine',
      severity: 'error',
      comment: 'The engine is Node code (crawler, sockets, files); the browser app uses only the contract.',
      from: { path: '^apps/web/' },
      to: { path: '^packages/engine/' },
    },
    {
      name: 'contract-entry-point',
      severity: 'error',
      comment: 'Other workspaces use the contract only through its entry point, `@argo/contract`.',
      from: { pathNot: '^packages/contract/' },
      to: { path: '^packages/contract/', pathNot: '^packages/contract/src/index\\.ts$' },
    },
    {
      name: 'engine-entry-points',
      severity: 'error',
      comment:
        'Other workspaces use the engine only through `@argo/engine`, `@argo/engine/import` and (tests) ' +
        '`@argo/engine/testing`.',
      from: { pathNot: '^packages/engine/' },
      to: {
        path: '^packages/engine/',
        pathNot: '^packages/engine/src/(index|testing|import/index)\\.ts$',
      },
    },
    {
      name: 'engine-testing-from-tests',
      severity: 'error',
      comment:
        '`@argo/engine/testing` (local servers, fixture loaders) is for tests; shipped code never needs it.',
      from: { pathNot: `${TEST_CODE}|^packages/engine/` },
      to: { path: '^packages/engine/src/testing\\.ts$' },
    },
    {
      name: 'relative-into-other-workspace',
      severity: 'error',
      comment:
        "A relative path into another workspace's src skips its entry point: import the package by its name.",
      from: { path: '^(packages/[^/]+|apps/[^/]+|eval|e2e)/' },
      to: {
        path: '^(packages|apps)/[^/]+/src/',
        pathNot: '^$1/',
        dependencyTypes: ['local'],
        // A package name resolved through the workspace link is also "local" to the checker; it is the way in.
        dependencyTypesNot: ['aliased-workspace'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // When no file changed since the last run (by content), its answer is reused: a rerun takes a few seconds.
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    exclude: { path: '(^|/)(node_modules|dist|artifacts|data)/|(^|/)\\.[^/]+$' },
    // `import type` is a dependency too: a type-only import across a boundary couples the code all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

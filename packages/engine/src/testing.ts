/**
 * @argo/engine/testing: what other packages' tests need from the engine, and nothing shipped uses. Local HTTP
 * servers (a plain one, the real fixture pages under their own host names, hostile pages, competitor sites, an
 * OpenAI-compatible language model) and the check that the shared fixtures are present.
 */
export * from './crawl/hostile-html';
export * from './crawl/test-fixtures';
export * from './crawl/test-server';
export * from './discovery/competitors/test-fixtures';
export * from './fixtures-present';
export * from './llm/test-openai-server';

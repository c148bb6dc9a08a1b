import { afterEach, describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import { createOpenAiCompatibleModel } from '../../llm/openai-compatible';
import { type ChatReply, type OpenAiTestServer, startOpenAiTestServer } from '../../llm/test-openai-server';
import { INDUSTRIES } from './industries';
import { MODEL_TEXT_BUDGET } from './model';
import { summarizeSite } from './summarize';

const HOME = pageFromHtml({
  url: 'https://www.baeckerei-schmidt.de/',
  role: 'home',
  html: `<!doctype html><html lang="de"><head><title>Bäckerei Schmidt – Handwerksbäckerei in Leipzig</title>
    <meta name="description" content="Handwerksbäckerei in Leipzig-Gohlis seit 1952."></head><body>
    <header><nav><a href="/">Start</a><a href="/kontakt">Kontakt</a></nav></header>
    <main><h1>Bäckerei Schmidt</h1>
      <p>Seit drei Generationen backen wir in Leipzig Brot, Brötchen und Kuchen nach alten Rezepten, ohne Fertigmischungen.</p>
      <h2>Unser Angebot</h2><ul><li>Sauerteigbrot</li><li>Hochzeitstorten</li><li>Frühstücksservice für Firmen</li></ul></main>
    <footer>Bäckerei Schmidt · Georg-Schumann-Str. 12 · 04155 Leipzig · Tel. 0341 5647382 · info [at] baeckerei-schmidt [dot] de
      <a href="https://www.instagram.com/baeckerei.schmidt/">Instagram</a></footer></body></html>`,
});

const MODEL_ANSWER = {
  summary:
    'Bäckerei Schmidt is a third-generation craft bakery in Leipzig-Gohlis baking bread, rolls and cakes from traditional recipes.',
  services: ['Sourdough bread', 'Wedding cakes', 'Breakfast catering for companies', 'Sourdough bread'],
  industry: 'Food & beverages',
  customer_type: 'both',
};

let server: OpenAiTestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function modelAnswering(replies: ChatReply[]) {
  server = await startOpenAiTestServer({
    apiKey: 'sk-test',
    models: ['test-model'],
    respond: (_request, n) => replies[Math.min(n, replies.length - 1)] ?? { content: {} },
  });
  return createOpenAiCompatibleModel({
    baseUrl: server.baseUrl,
    apiKey: 'sk-test',
    model: 'test-model',
    retryDelayMs: 10,
  });
}

describe('summarizeSite with a language model', () => {
  it('lets the model write summary, services, industry and customer type; contacts stay rule-based', async () => {
    const languageModel = await modelAnswering([{ content: MODEL_ANSWER }]);
    const result = await summarizeSite([HOME], {
      languageModel,
      business: { name: 'Bäckerei Schmidt', category: 'bakery' },
    });
    expect(result.produced_by).toBe('model');
    expect(result.model_error).toBeUndefined();
    expect(result.summary).toBe(MODEL_ANSWER.summary);
    expect(result.services).toEqual(['Sourdough bread', 'Wedding cakes', 'Breakfast catering for companies']);
    expect(result.industry).toBe('Food & beverages');
    expect(result.customer_type).toBe('both');
    expect(result.contacts.map((c) => [c.kind, c.value])).toEqual([
      ['email', 'info@baeckerei-schmidt.de'],
      ['phone', '+493415647382'],
      ['social', 'https://instagram.com/baeckerei.schmidt'],
      ['address', 'Georg-Schumann-Str. 12, 04155 Leipzig'],
    ]);
    expect(result.language).toBe('de');
    expect(result.source_urls).toEqual(['https://www.baeckerei-schmidt.de/']);

    // What the server received: the crawled text, the business, and the taxonomy as an enum in the JSON schema.
    const request = server?.requests[0];
    expect(request?.authorization).toBe('Bearer sk-test');
    expect(request?.body.model).toBe('test-model');
    expect(request?.body.temperature).toBe(0);
    const user = request?.body.messages?.find((m) => m.role === 'user')?.content ?? '';
    expect(user).toContain('Business name: Bäckerei Schmidt');
    expect(user).toContain('Seit drei Generationen backen wir in Leipzig');
    expect(user).toContain('# Unser Angebot');
    expect(user).not.toContain('Start'); // navigation is left out
    const schema = request?.body.response_format?.json_schema?.schema as {
      properties: { industry: { anyOf: Array<{ enum?: string[] }> } };
    };
    expect(request?.body.response_format?.type).toBe('json_schema');
    expect(schema.properties.industry.anyOf[0]?.enum).toEqual([...INDUSTRIES]);
  });

  it('gives the model a bounded amount of text however large the pages are', async () => {
    const languageModel = await modelAnswering([{ content: MODEL_ANSWER }]);
    const paragraph =
      '<p>Unsere Bäckerei backt jeden Tag frisches Brot aus regionalem Mehl und mit viel Zeit für den Teig.</p>';
    const big = (path: string, role: 'home' | 'about' | 'other') =>
      pageFromHtml({
        url: `https://www.baeckerei-schmidt.de${path}`,
        role,
        html: `<html><body><main>${paragraph.repeat(3000)}</main></body></html>`,
      });
    await summarizeSite(
      [
        big('/', 'home'),
        big('/ueber-uns', 'about'),
        big('/a', 'other'),
        big('/b', 'other'),
        big('/c', 'other'),
      ],
      {
        languageModel,
      },
    );
    const user = server?.requests[0]?.body.messages?.find((m) => m.role === 'user')?.content ?? '';
    expect(user.length).toBeGreaterThan(MODEL_TEXT_BUDGET / 2);
    expect(user.length).toBeLessThanOrEqual(MODEL_TEXT_BUDGET + 500);
  });

  it('falls back to the built-in analyzer when the model answers garbage, and says why', async () => {
    const languageModel = await modelAnswering([{ content: 'Sure! The bakery is lovely. {not json' }]);
    const result = await summarizeSite([HOME], { languageModel });
    expect(result.produced_by).toBe('builtin');
    expect(result.model_error).toContain('not JSON');
    expect(result.summary).toBe(
      'Handwerksbäckerei in Leipzig-Gohlis seit 1952. Seit drei Generationen backen wir in Leipzig Brot, Brötchen und Kuchen nach alten Rezepten, ohne Fertigmischungen.',
    );
    expect(result.services).toEqual(['Sauerteigbrot', 'Hochzeitstorten', 'Frühstücksservice für Firmen']);
    expect(result.contacts.map((c) => c.value)).toContain('info@baeckerei-schmidt.de');
    // The client retried once before giving up.
    expect(server?.requests).toHaveLength(2);
  });

  it('falls back when the model names an industry outside the taxonomy, or the server fails', async () => {
    const invented = await modelAnswering([{ content: { ...MODEL_ANSWER, industry: 'Artisanal Baking' } }]);
    const result = await summarizeSite([HOME], { languageModel: invented });
    expect(result.produced_by).toBe('builtin');
    expect(result.model_error).toContain('industry');
    expect(result.industry === null || (INDUSTRIES as readonly string[]).includes(result.industry)).toBe(
      true,
    );
    await server?.close();

    const failing = await modelAnswering([
      { status: 503, body: { error: { message: 'overloaded', type: 'server_error' } } },
    ]);
    const fallback = await summarizeSite([HOME], { languageModel: failing });
    expect(fallback.produced_by).toBe('builtin');
    expect(fallback.model_error).toContain('HTTP 503');
  });

  it('stops, rather than falling back, when the run is cancelled', async () => {
    const languageModel = await modelAnswering([{ delayMs: 5_000, reply: { content: MODEL_ANSWER } }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('enrichment cancelled')), 100);
    await expect(summarizeSite([HOME], { languageModel, signal: controller.signal })).rejects.toThrow(
      'enrichment cancelled',
    );
  });

  it('answers an empty summary for no pages without calling the model', async () => {
    const languageModel = await modelAnswering([{ content: MODEL_ANSWER }]);
    const result = await summarizeSite([], { languageModel });
    expect(result).toMatchObject({
      summary: null,
      services: [],
      industry: null,
      contacts: [],
      produced_by: 'builtin',
      source_urls: [],
    });
    expect(server?.requests).toHaveLength(0);
  });
});

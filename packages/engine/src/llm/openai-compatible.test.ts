import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LanguageModelError } from './language-model';
import { createOpenAiCompatibleModel, isStrictCompatible } from './openai-compatible';
import { apiError, type ChatReply, type OpenAiTestServer, startOpenAiTestServer } from './test-openai-server';

const Answer = z.object({
  summary: z.string().min(1),
  industry: z.enum(['Restaurants & cafés', 'Software & IT services']),
  services: z.array(z.string()).max(5),
});
const GOOD = {
  summary: 'A family-run bakery in Leipzig.',
  industry: 'Restaurants & cafés',
  services: ['bread', 'cakes'],
};

let server: OpenAiTestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function serve(replies: ChatReply[], options: { apiKey?: string; models?: string[] } = {}) {
  server = await startOpenAiTestServer({
    ...options,
    respond: (_request, n) => replies[Math.min(n, replies.length - 1)] ?? { content: {} },
  });
  return server;
}

const ask = {
  system: 'You describe businesses.',
  user: 'Website text: Bäckerei Müller, Leipzig …',
  schema: Answer,
  schemaName: 'site_summary',
};

/** Runs a completion expected to fail and returns its LanguageModelError. */
async function failure(promise: Promise<unknown>): Promise<LanguageModelError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LanguageModelError);
  return error as LanguageModelError;
}

describe('createOpenAiCompatibleModel', () => {
  it('sends the chat-completions request the protocol expects and returns the validated answer', async () => {
    const s = await serve([{ content: GOOD }], { apiKey: 'sk-test-123', models: ['gpt-test-mini'] });
    const model = createOpenAiCompatibleModel({
      baseUrl: `${s.baseUrl}/`,
      apiKey: 'sk-test-123',
      model: 'gpt-test-mini',
    });
    expect(model.name).toBe('gpt-test-mini');
    const result = await model.complete({ ...ask, maxTokens: 400 });
    expect(result).toEqual(GOOD);

    expect(s.requests).toHaveLength(1);
    const [request] = s.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-test-123');
    const body = request?.body;
    expect(body?.model).toBe('gpt-test-mini');
    expect(body?.temperature).toBe(0);
    expect(body?.max_tokens).toBe(400);
    expect(body?.messages).toEqual([
      { role: 'system', content: 'You describe businesses.' },
      { role: 'user', content: 'Website text: Bäckerei Müller, Leipzig …' },
    ]);
    expect(body?.response_format?.type).toBe('json_schema');
    expect(body?.response_format?.json_schema?.name).toBe('site_summary');
    expect(body?.response_format?.json_schema?.strict).toBe(true);
    const schema = body?.response_format?.json_schema?.schema as {
      properties: Record<string, { enum?: string[]; maxItems?: number }>;
      required: string[];
    };
    expect(schema.required.sort()).toEqual(['industry', 'services', 'summary']);
    expect(schema.properties.industry?.enum).toEqual(['Restaurants & cafés', 'Software & IT services']);
    // Length and size limits are checked here, not sent (OpenAI's strict mode refuses some of them).
    expect(schema.properties.services?.maxItems).toBeUndefined();
    expect(JSON.stringify(schema)).not.toMatch(/"(?:minLength|maxItems|\$schema)"/);
  });

  it('still enforces the limits it does not send', async () => {
    const s = await serve([{ content: { ...GOOD, services: ['a', 'b', 'c', 'd', 'e', 'f'] } }]);
    const model = createOpenAiCompatibleModel({ baseUrl: s.baseUrl, model: 'm', retryDelayMs: 10 });
    const error = await failure(model.complete(ask));
    expect(error.kind).toBe('schema_mismatch');
    expect(error.message).toContain('services');
  });

  it('sends no Authorization header without a key (local servers such as Ollama)', async () => {
    const s = await serve([{ content: GOOD }]);
    const model = createOpenAiCompatibleModel({ baseUrl: s.baseUrl, model: 'llama3.1:8b' });
    await expect(model.complete(ask)).resolves.toEqual(GOOD);
    expect(s.requests[0]?.authorization).toBeNull();
  });

  it('falls back to json_object with the schema in the prompt when the server refuses json_schema', async () => {
    server = await startOpenAiTestServer({ rejectJsonSchema: true, respond: () => ({ content: GOOD }) });
    const model = createOpenAiCompatibleModel({
      baseUrl: server.baseUrl,
      model: 'groq-llama',
      retryDelayMs: 10,
    });
    await expect(model.complete(ask)).resolves.toEqual(GOOD);
    expect(server.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_object']);
    const system = server.requests[1]?.body.messages?.[0]?.content ?? '';
    expect(system).toContain('You describe businesses.');
    expect(system).toContain('"industry"');
    // Remembered for the next call.
    await expect(model.complete(ask)).resolves.toEqual(GOOD);
    expect(server.requests.map((r) => r.body.response_format?.type)).toEqual([
      'json_schema',
      'json_object',
      'json_object',
    ]);
  });

  it('accepts JSON wrapped in a Markdown code fence', async () => {
    const s = await serve([{ content: `\`\`\`json\n${JSON.stringify(GOOD)}\n\`\`\`` }]);
    const model = createOpenAiCompatibleModel({ baseUrl: s.baseUrl, model: 'm' });
    await expect(model.complete(ask)).resolves.toEqual(GOOD);
  });

  it('fails clearly on a wrong API key, with the server message and without retrying', async () => {
    const s = await serve([{ content: GOOD }], { apiKey: 'sk-right' });
    const model = createOpenAiCompatibleModel({ baseUrl: s.baseUrl, apiKey: 'sk-wrong', model: 'm' });
    const error = await failure(model.complete(ask));
    expect(error.kind).toBe('http');
    expect(error.details.status).toBe(401);
    expect(error.message).toContain('HTTP 401');
    expect(error.message).toContain('Incorrect API key provided');
    expect(error.message).not.toContain('sk-wrong');
    expect(s.requests).toHaveLength(1);
  });

  it('names an unknown model in the error', async () => {
    const s = await serve([{ content: GOOD }], { models: ['gpt-real'] });
    const model = createOpenAiCompatibleModel({ baseUrl: s.baseUrl, model: 'gpt-typo' });
    const error = await failure(model.complete(ask));
    expect(error.details.status).toBe(404);
    expect(error.message).toContain('The model `gpt-typo` does not exist');
  });

  it('retries once on 429 (honouring Retry-After) and on 5xx, then succeeds', async () => {
    const rateLimited: ChatReply = {
      status: 429,
      body: apiError('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'),
      headers: { 'retry-after': '0' },
    };
    const s = await serve([rateLimited, { content: GOOD }]);
    const model = createOpenAiCompatibleModel({ baseUrl: s.baseUrl, model: 'm', retryDelayMs: 10 });
    await expect(model.complete(ask)).resolves.toEqual(GOOD);
    expect(s.requests).toHaveLength(2);

    await s.close();
    const s2 = await serve([{ status: 503, body: 'upstream connect error' }, { content: GOOD }]);
    const model2 = createOpenAiCompatibleModel({ baseUrl: s2.baseUrl, model: 'm', retryDelayMs: 10 });
    await expect(model2.complete(ask)).resolves.toEqual(GOOD);
    expect(s2.requests).toHaveLength(2);
  });

  it('gives up after one retry when the server keeps failing', async () => {
    const s = await serve([
      {
        status: 500,
        body: apiError('The server had an error while processing your request.', 'server_error', null),
      },
    ]);
    const model = createOpenAiCompatibleModel({ baseUrl: s.baseUrl, model: 'm', retryDelayMs: 10 });
    const error = await failure(model.complete(ask));
    expect(error.kind).toBe('http');
    expect(error.details.status).toBe(500);
    expect(error.message).toContain('The server had an error');
    expect(s.requests).toHaveLength(2);
  });

  it('does not wait for a Retry-After longer than it allows', async () => {
    const s = await serve([
      {
        status: 429,
        body: apiError('Rate limit reached', 'tokens', 'rate_limit_exceeded'),
        headers: { 'retry-after': '3600' },
      },
    ]);
    const model = createOpenAiCompatibleModel({ baseUrl: s.baseUrl, model: 'm', retryDelayMs: 10 });
    const error = await failure(model.complete(ask));
    expect(error.details.status).toBe(429);
    expect(s.requests).toHaveLength(1);
  });

  it('rejects content that is not JSON, after one retry', async () => {
    const s = await serve([{ content: 'Sure! Here is the summary: a bakery.' }]);
    const model = createOpenAiCompatibleModel({ baseUrl: s.baseUrl, model: 'm', retryDelayMs: 10 });
    const error = await failure(model.complete(ask));
    expect(error.kind).toBe('invalid_response');
    expect(error.message).toContain('content is not JSON: Sure! Here is the summary');
    expect(s.requests).toHaveLength(2);
  });

  it('retries invalid output once and takes the valid second answer', async () => {
    const s = await serve([{ content: '{"summary": "A bak' }, { content: GOOD }]);
    const model = createOpenAiCompatibleModel({ baseUrl: s.baseUrl, model: 'm', retryDelayMs: 10 });
    await expect(model.complete(ask)).resolves.toEqual(GOOD);
    expect(s.requests).toHaveLength(2);
  });

  it('rejects JSON that does not fit the schema, naming the fields', async () => {
    const s = await serve([{ content: { ...GOOD, industry: 'Bakery', services: 'bread' } }]);
    const model = createOpenAiCompatibleModel({ baseUrl: s.baseUrl, model: 'm', retryDelayMs: 10 });
    const error = await failure(model.complete(ask));
    expect(error.kind).toBe('schema_mismatch');
    expect(error.message).toContain('industry');
    expect(error.message).toContain('services');
  });

  it('rejects an answer that is not a chat completion', async () => {
    const s = await serve([{ status: 200, body: '<html>Bad gateway page</html>' }]);
    const model = createOpenAiCompatibleModel({ baseUrl: s.baseUrl, model: 'm', retryDelayMs: 10 });
    expect((await failure(model.complete(ask))).kind).toBe('invalid_response');

    await s.close();
    const s2 = await serve([{ status: 200, body: { object: 'list', data: [] } }]);
    const model2 = createOpenAiCompatibleModel({ baseUrl: s2.baseUrl, model: 'm', retryDelayMs: 10 });
    const error = await failure(model2.complete(ask));
    expect(error.message).toContain('not a chat completion');
  });

  it('reports a refusal and an answer cut off at the token limit', async () => {
    const s = await serve([{ content: '', refusal: "I'm sorry, I can't help with that." }]);
    const model = createOpenAiCompatibleModel({ baseUrl: s.baseUrl, model: 'm' });
    const refused = await failure(model.complete(ask));
    expect(refused.kind).toBe('incomplete');
    expect(refused.message).toContain("I'm sorry");

    await s.close();
    const s2 = await serve([{ content: '{"summary": "A family-run', finishReason: 'length' }]);
    const model2 = createOpenAiCompatibleModel({ baseUrl: s2.baseUrl, model: 'm' });
    const cut = await failure(model2.complete(ask));
    expect(cut.kind).toBe('incomplete');
    expect(cut.message).toContain('token limit');
    expect(s2.requests).toHaveLength(1);
  });

  it('times out a slow server without retrying', async () => {
    const s = await serve([{ delayMs: 5_000, reply: { content: GOOD } }]);
    const model = createOpenAiCompatibleModel({ baseUrl: s.baseUrl, model: 'm', timeoutMs: 200 });
    const error = await failure(model.complete(ask));
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('no answer within 200 ms');
    expect(s.requests).toHaveLength(1);
  });

  it('stops when the caller aborts', async () => {
    const s = await serve([{ delayMs: 5_000, reply: { content: GOOD } }]);
    const model = createOpenAiCompatibleModel({ baseUrl: s.baseUrl, model: 'm' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(model.complete({ ...ask, signal: controller.signal }));
    expect(error.kind).toBe('aborted');
  });

  it('reports a dropped connection and an unreachable server as network errors', async () => {
    const s = await serve([{ hangUp: true }]);
    const model = createOpenAiCompatibleModel({ baseUrl: s.baseUrl, model: 'm', retryDelayMs: 10 });
    expect((await failure(model.complete(ask))).kind).toBe('network');
    expect(s.requests).toHaveLength(2);
    const baseUrl = s.baseUrl;
    await s.close();
    server = null;
    const gone = createOpenAiCompatibleModel({ baseUrl, model: 'm', retryDelayMs: 10 });
    const error = await failure(gone.complete(ask));
    expect(error.kind).toBe('network');
    expect(error.message).toContain('could not reach');
  });
});

describe('isStrictCompatible', () => {
  it('is false when an object has optional properties (OpenAI strict mode would refuse the schema)', () => {
    expect(isStrictCompatible(z.toJSONSchema(z.object({ a: z.string(), b: z.string().optional() })))).toBe(
      false,
    );
    expect(isStrictCompatible(z.toJSONSchema(z.object({ a: z.string(), b: z.string().nullable() })))).toBe(
      true,
    );
    expect(
      isStrictCompatible(z.toJSONSchema(z.object({ list: z.array(z.object({ x: z.number().optional() })) }))),
    ).toBe(false);
  });
});

import { startOpenAiTestServer } from '@argo/engine/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig } from './env';
import { createLanguageModel, languageModelConfigWarning } from './language-model';

describe('language model configuration', () => {
  it('is off unless LLM_BASE_URL and LLM_MODEL are both set', () => {
    expect(createLanguageModel(loadConfig({}))).toBeNull();
    const half = loadConfig({ LLM_MODEL: 'gpt-4o-mini' });
    expect(createLanguageModel(half)).toBeNull();
    expect(languageModelConfigWarning(half)).toContain('LLM_BASE_URL is not set');
    expect(languageModelConfigWarning(loadConfig({ LLM_API_KEY: 'sk-x' }))).toContain('LLM_API_KEY is set');
    expect(languageModelConfigWarning(loadConfig({}))).toBeNull();
  });

  it('refuses a base URL that is not a URL, without echoing the key', () => {
    let error: unknown;
    try {
      loadConfig({ LLM_BASE_URL: 'api.openai.com', LLM_API_KEY: '   ' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toContain(
      'LLM_BASE_URL="api.openai.com": must be a full URL',
    );
  });

  it('calls the configured server with the configured key and model', async () => {
    const server = await startOpenAiTestServer({
      apiKey: 'sk-local',
      models: ['local-model'],
      respond: () => ({ content: { ok: true } }),
    });
    try {
      const config = loadConfig({
        LLM_BASE_URL: server.baseUrl,
        LLM_API_KEY: 'sk-local',
        LLM_MODEL: 'local-model',
      });
      expect(languageModelConfigWarning(config)).toBeNull();
      const model = createLanguageModel(config);
      expect(model?.name).toBe('local-model');
      const answer = await model?.complete({
        system: 's',
        user: 'u',
        schema: z.object({ ok: z.boolean() }),
        schemaName: 'probe',
      });
      expect(answer).toEqual({ ok: true });
      expect(server.requests[0]?.authorization).toBe('Bearer sk-local');
    } finally {
      await server.close();
    }
  });
});

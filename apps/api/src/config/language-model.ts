import { createOpenAiCompatibleModel, type LanguageModel } from '@argo/engine';
import type { Config } from './env';

/**
 * The configured language model (LLM_BASE_URL + LLM_MODEL, LLM_API_KEY when the server wants one), or null:
 * without one, every analyzer uses its built-in fallback, so Argo works with no keys at all.
 */
export function createLanguageModel(
  config: Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL'>,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): LanguageModel | null {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return null;
  return createOpenAiCompatibleModel({
    baseUrl: config.LLM_BASE_URL,
    model: config.LLM_MODEL,
    ...(config.LLM_API_KEY ? { apiKey: config.LLM_API_KEY } : {}),
    ...options,
  });
}

/** Why a half-set model configuration is ignored (logged at start), or null when it is complete or absent. */
export function languageModelConfigWarning(
  config: Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL'>,
): string | null {
  const hasUrl = Boolean(config.LLM_BASE_URL);
  const hasModel = Boolean(config.LLM_MODEL);
  if (hasUrl === hasModel && (hasUrl || !config.LLM_API_KEY)) return null;
  if (!hasUrl && !hasModel)
    return 'LLM_API_KEY is set but LLM_BASE_URL and LLM_MODEL are not: no language model is used';
  return `${hasUrl ? 'LLM_MODEL' : 'LLM_BASE_URL'} is not set: no language model is used (set LLM_BASE_URL and LLM_MODEL together)`;
}

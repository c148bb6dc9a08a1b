import { z } from 'zod';
import { trimEndChars } from '../normalize/trim';
import {
  type CompletionRequest,
  type LanguageModel,
  LanguageModelError,
  type LanguageModelErrorKind,
} from './language-model';

export interface OpenAiCompatibleOptions {
  /** Up to the version segment, e.g. "https://api.openai.com/v1" or "http://127.0.0.1:11434/v1" (Ollama). */
  baseUrl: string;
  /** Sent as "Authorization: Bearer …" when set (local servers often need none). */
  apiKey?: string;
  model: string;
  /** Per attempt, including reading the answer (default 60 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Wait before the one retry when the server gives no Retry-After (default 1 s). */
  retryDelayMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_RETRY_DELAY_MS = 1_000;
/** A Retry-After longer than this is not waited for: the call fails and the built-in analyzer takes over. */
const MAX_RETRY_AFTER_MS = 20_000;
const MAX_ATTEMPTS = 2;

/** The parts of a chat-completions answer we read. */
const ChatCompletion = z.object({
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullish(),
        message: z.object({
          content: z.string().nullish(),
          refusal: z.string().nullish(),
        }),
      }),
    )
    .min(1),
});

/**
 * A client for any server speaking OpenAI's chat-completions protocol (OpenAI, Azure's /openai/v1, Groq, Ollama,
 * vLLM, llama.cpp server, LM Studio). It asks for JSON with `response_format: json_schema` built from the zod
 * schema, at temperature 0, and checks the answer against the same schema. One retry on 429/5xx, on a broken
 * connection and on invalid output (models occasionally emit a stray token); never on a timeout.
 */
export function createOpenAiCompatibleModel(options: OpenAiCompatibleOptions): LanguageModel {
  const url = `${trimEndChars(options.baseUrl, '/')}/chat/completions`;
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const model = options.model;

  const fail = (
    kind: LanguageModelErrorKind,
    message: string,
    extra: { status?: number; cause?: unknown } = {},
  ) => new LanguageModelError(kind, `Language model ${model}: ${message}`, { ...extra, model });

  async function attempt<T>(request: CompletionRequest<T>, body: string): Promise<T> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    let status: number;
    let text: string;
    let retryAfterMs: number | null = null;
    try {
      const response = await doFetch(url, { method: 'POST', headers, body, signal });
      status = response.status;
      retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
      text = await response.text();
    } catch (error) {
      if (request.signal?.aborted) throw fail('aborted', 'the request was cancelled', { cause: error });
      if (timeout.aborted) throw fail('timeout', `no answer within ${timeoutMs} ms`, { cause: error });
      throw fail('network', `could not reach ${url} (${describeCause(error)})`, { cause: error });
    }
    if (status < 200 || status > 299) {
      const error = fail('http', `${url} answered HTTP ${status}${serverMessage(text)}`, { status });
      throw Object.assign(error, { retryAfterMs });
    }
    return readAnswer(text, request.schema, fail);
  }

  let outputMode: OutputMode = 'json_schema';

  return {
    name: model,
    async complete<T>(request: CompletionRequest<T>): Promise<T> {
      let lastError: LanguageModelError | null = null;
      let hasSwitchedMode = false;
      for (let attemptNo = 1; attemptNo <= MAX_ATTEMPTS; attemptNo += 1) {
        try {
          return await attempt(request, JSON.stringify(requestBody(model, request, outputMode)));
        } catch (error) {
          if (!(error instanceof LanguageModelError)) throw error;
          lastError = error;
          // Servers (or models) without json_schema support: ask for a JSON object with the schema in the prompt,
          // from now on, without spending the retry.
          if (outputMode === 'json_schema' && !hasSwitchedMode && refusesJsonSchema(error)) {
            outputMode = 'json_object';
            hasSwitchedMode = true;
            attemptNo -= 1;
            continue;
          }
          if (attemptNo === MAX_ATTEMPTS || !isRetryable(error)) break;
          const retryAfter = (error as LanguageModelError & { retryAfterMs?: number | null }).retryAfterMs;
          if (retryAfter != null && retryAfter > MAX_RETRY_AFTER_MS) break;
          await sleep(retryAfter ?? retryDelayMs, request.signal);
          if (request.signal?.aborted) throw fail('aborted', 'the request was cancelled');
        }
      }
      throw lastError ?? fail('network', 'no attempt was made');
    },
  };
}

type OutputMode = 'json_schema' | 'json_object';

/** A 400/422 whose message says the structured-output request itself is what the server does not take. */
function refusesJsonSchema(error: LanguageModelError): boolean {
  const status = error.details.status;
  return (
    (status === 400 || status === 422) &&
    /response_format|json_schema|structured output|schema/i.test(error.message)
  );
}

function requestBody<T>(model: string, request: CompletionRequest<T>, mode: OutputMode) {
  const schema = responseSchema(
    z.toJSONSchema(request.schema, { target: 'draft-7', unrepresentable: 'any' }),
  );
  const common = {
    model,
    temperature: 0,
    ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
  };
  if (mode === 'json_object') {
    return {
      ...common,
      messages: [
        {
          role: 'system',
          content: `${request.system}\n\nAnswer with one JSON object, and nothing else, that fits this JSON Schema:\n${JSON.stringify(schema)}`,
        },
        { role: 'user', content: request.user },
      ],
      response_format: { type: 'json_object' },
    };
  }
  return {
    ...common,
    messages: [
      { role: 'system', content: request.system },
      { role: 'user', content: request.user },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: {
        name: request.schemaName.replace(/[^\w-]/g, '_').slice(0, 64),
        schema,
        // OpenAI's strict mode refuses schemas with optional properties; ask for it only when it applies.
        strict: isStrictCompatible(schema),
      },
    },
  };
}

function readAnswer<T>(
  text: string,
  schema: z.ZodType<T>,
  fail: (kind: LanguageModelErrorKind, message: string, extra?: { cause?: unknown }) => LanguageModelError,
): T {
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch (cause) {
    throw fail('invalid_response', `the answer is not JSON: ${snippet(text)}`, { cause });
  }
  const completion = ChatCompletion.safeParse(envelope);
  if (!completion.success) {
    throw fail('invalid_response', `the answer is not a chat completion: ${snippet(text)}`);
  }
  const choice = completion.data.choices[0];
  if (!choice) throw fail('invalid_response', 'the answer has no choices');
  if (choice.message.refusal)
    throw fail('incomplete', `the model declined: ${snippet(choice.message.refusal)}`);
  const content = stripCodeFence(choice.message.content ?? '');
  if (choice.finish_reason === 'length') {
    throw fail('incomplete', 'the answer was cut off at the token limit before the JSON was complete');
  }
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (cause) {
    throw fail('invalid_response', `the model's content is not JSON: ${snippet(content)}`, { cause });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw fail('schema_mismatch', `the answer does not fit the schema (${issues})`);
  }
  return parsed.data;
}

function isRetryable(error: LanguageModelError): boolean {
  switch (error.kind) {
    case 'http':
      return error.details.status === 429 || (error.details.status ?? 0) >= 500;
    case 'network':
    case 'invalid_response':
    case 'schema_mismatch':
      return true;
    default:
      return false;
  }
}

/**
 * Validation keywords some servers refuse in a response schema (OpenAI's strict mode answers 400 for several
 * of them): left out of what is sent; the zod schema still checks them on the answer.
 */
const UNSENT_KEYWORDS = new Set([
  '$schema',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
]);

function responseSchema(schema: unknown): Record<string, unknown> {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      // "properties" maps names to schemas: a property may be called "format" or "pattern".
      if (UNSENT_KEYWORDS.has(key) && typeof value !== 'object') continue;
      if (key === '$schema') continue;
      out[key] = strip(value);
    }
    return out;
  };
  return strip(schema) as Record<string, unknown>;
}

/** True when every object lists all its properties as required and allows no others (OpenAI strict mode). */
export function isStrictCompatible(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.every(isStrictCompatible);
  if (!schema || typeof schema !== 'object') return true;
  const node = schema as Record<string, unknown>;
  if (node.type === 'object' || node.properties) {
    const properties = Object.keys((node.properties as Record<string, unknown>) ?? {});
    const required = new Set((node.required as string[]) ?? []);
    if (node.additionalProperties !== false) return false;
    if (!properties.every((p) => required.has(p))) return false;
  }
  return Object.values(node).every(isStrictCompatible);
}

/** Some models wrap JSON in a Markdown fence even when asked for JSON. */
function stripCodeFence(content: string): string {
  // By position, not by a pattern: `^\s*```…\s*```\s*$` backtracks on long runs of spaces in a long answer.
  const text = content.trim();
  if (text.length < 6 || !text.startsWith('```') || !text.endsWith('```')) return text;
  const inner = text.slice(3, -3);
  return (/^json/i.test(inner) ? inner.slice(4) : inner).trim();
}

/** The server's own error message ({"error":{"message":…}} in OpenAI's shape), shortened. */
function serverMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message =
      typeof body.error === 'string'
        ? body.error
        : typeof body.error?.message === 'string'
          ? body.error.message
          : typeof body.message === 'string'
            ? body.message
            : null;
    if (message) return `: ${snippet(message)}`;
  } catch {
    // not JSON: fall through
  }
  return text.trim() ? `: ${snippet(text)}` : '';
}

function snippet(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat || '(empty)';
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

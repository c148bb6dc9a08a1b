/**
 * Test helper (not shipped behaviour): a local server on 127.0.0.1 speaking OpenAI's chat-completions protocol as
 * the real one does — its answer envelope, its error bodies (401 invalid_api_key, 404 model_not_found, 400 for a
 * malformed request, 429 rate_limit_exceeded) — and recording every request it receives so tests can check them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startServer } from '../crawl/test-server';

interface ChatMessage {
  role: string;
  content: string;
}

/** A request as the server received it. */
interface ReceivedChatRequest {
  path: string;
  authorization: string | null;
  body: {
    model?: string;
    messages?: ChatMessage[];
    temperature?: number;
    max_tokens?: number;
    response_format?: {
      type?: string;
      json_schema?: { name?: string; schema?: Record<string, unknown>; strict?: boolean };
    };
  };
}

/** What the scripted model answers to one valid request. */
export type ChatReply =
  /** The assistant's content: an object is sent as its JSON text. */
  | { content: string | object; finishReason?: string; refusal?: string }
  /** Any HTTP answer (an error status, a non-JSON body, …). */
  | { status: number; body: string | object; headers?: Record<string, string> }
  /** Wait this long before answering with `reply` (for timeouts). */
  | { delayMs: number; reply: ChatReply }
  /** Drop the connection without answering. */
  | { hangUp: true };

export interface OpenAiTestServerOptions {
  /** The key clients must send; unset: no key needed (as Ollama or llama.cpp). */
  apiKey?: string;
  /** Model ids the server knows (default: any). */
  models?: string[];
  /** Answer 400 to response_format json_schema, as servers and models without structured outputs do. */
  rejectJsonSchema?: boolean;
  /** Answer to the n-th valid request (0-based); default: `{}`. */
  respond?: (request: ReceivedChatRequest, n: number) => ChatReply | Promise<ChatReply>;
}

export interface OpenAiTestServer {
  /** e.g. http://127.0.0.1:41234/v1 — what LLM_BASE_URL would be. */
  baseUrl: string;
  /** Every request received, valid or not, in order. */
  requests: ReceivedChatRequest[];
  close(): Promise<void>;
}

export async function startOpenAiTestServer(
  options: OpenAiTestServerOptions = {},
): Promise<OpenAiTestServer> {
  const requests: ReceivedChatRequest[] = [];
  let answered = 0;
  const server = await startServer(async (req, res) => {
    const text = await readBody(req);
    let body: ReceivedChatRequest['body'] = {};
    try {
      body = JSON.parse(text);
    } catch {
      // recorded as {} and refused below
    }
    const received: ReceivedChatRequest = {
      path: req.url ?? '',
      authorization: req.headers.authorization ?? null,
      body,
    };
    requests.push(received);

    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return send(
        res,
        404,
        apiError(`Unknown request URL: ${req.method} ${req.url}.`, 'invalid_request_error', 'unknown_url'),
      );
    }
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return send(
        res,
        401,
        apiError(
          'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
          'invalid_request_error',
          'invalid_api_key',
        ),
      );
    }
    if (!text || typeof body !== 'object' || !Array.isArray(body.messages)) {
      return send(
        res,
        400,
        apiError(
          "We could not parse the JSON body of your request, or 'messages' is missing.",
          'invalid_request_error',
          null,
        ),
      );
    }
    if (options.models && !options.models.includes(body.model ?? '')) {
      return send(
        res,
        404,
        apiError(
          `The model \`${body.model}\` does not exist or you do not have access to it.`,
          'invalid_request_error',
          'model_not_found',
        ),
      );
    }
    const format = body.response_format;
    if (format && format.type === 'json_schema' && typeof format.json_schema?.schema !== 'object') {
      return send(
        res,
        400,
        apiError(
          "Missing required parameter: 'response_format.json_schema.schema'.",
          'invalid_request_error',
          'missing_required_parameter',
        ),
      );
    }
    if (options.rejectJsonSchema && format?.type === 'json_schema') {
      return send(
        res,
        400,
        apiError(
          "response_format 'json_schema' is not supported with this model",
          'invalid_request_error',
          null,
        ),
      );
    }
    const n = answered;
    answered += 1;
    const reply = options.respond ? await options.respond(received, n) : { content: {} };
    return answer(res, reply, body.model ?? 'unknown');
  });
  return { baseUrl: `${server.origin}/v1`, requests, close: () => server.close() };
}

async function answer(res: ServerResponse, reply: ChatReply, model: string): Promise<void> {
  if ('hangUp' in reply) {
    res.socket?.destroy();
    return;
  }
  if ('delayMs' in reply) {
    await new Promise((done) => setTimeout(done, reply.delayMs));
    if (res.destroyed) return;
    return answer(res, reply.reply, model);
  }
  if ('status' in reply) {
    const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      'content-type': typeof reply.body === 'string' ? 'text/plain' : 'application/json',
      ...reply.headers,
    });
    res.end(body);
    return;
  }
  const content = typeof reply.content === 'string' ? reply.content : JSON.stringify(reply.content);
  send(res, 200, {
    id: `chatcmpl-${Math.random().toString(36).slice(2, 14)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply.refusal ? null : content,
          refusal: reply.refusal ?? null,
        },
        logprobs: null,
        finish_reason: reply.finishReason ?? 'stop',
      },
    ],
    usage: { prompt_tokens: 812, completion_tokens: 96, total_tokens: 908 },
    system_fingerprint: 'fp_test',
  });
}

/** OpenAI's error body. */
export function apiError(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

function send(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

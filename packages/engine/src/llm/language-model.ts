import type { z } from 'zod';

/** One structured chat completion: the answer must parse with `schema`. */
export interface CompletionRequest<T> {
  system: string;
  user: string;
  schema: z.ZodType<T>;
  /** Names the schema for the server (letters, digits, '_' and '-'), e.g. "site_summary". */
  schemaName: string;
  signal?: AbortSignal;
  maxTokens?: number;
}

/**
 * A language model the analyzers may use (summary, ICP reasons). Optional everywhere: with none configured, the
 * built-in analyzers do the work, so nothing in Argo depends on a model being there.
 */
export interface LanguageModel {
  /** Model id, shown to users as who produced a text. */
  readonly name: string;
  /** One chat completion whose answer must parse with `schema` (zod); throws LanguageModelError otherwise. */
  complete<T>(request: CompletionRequest<T>): Promise<T>;
}

export type LanguageModelErrorKind =
  /** The server answered with an HTTP error status. */
  | 'http'
  /** No answer within the time limit. */
  | 'timeout'
  /** The caller's signal aborted the call. */
  | 'aborted'
  /** Could not connect, or the connection broke. */
  | 'network'
  /** The answer was not a chat completion, or its content was not JSON. */
  | 'invalid_response'
  /** The content was JSON but did not fit the schema. */
  | 'schema_mismatch'
  /** The model declined, or stopped before finishing the JSON (token limit). */
  | 'incomplete';

/** Why a completion failed, in words fit for a log line or an enrichment error (never the API key). */
export class LanguageModelError extends Error {
  override readonly name = 'LanguageModelError';
  constructor(
    readonly kind: LanguageModelErrorKind,
    message: string,
    readonly details: { status?: number; model?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }
}

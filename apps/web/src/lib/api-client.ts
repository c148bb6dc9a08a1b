import {
  buildPath,
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@argo/contract';
import { API_BASE } from '../config/constants';
import { ApiError, readErrorDetail } from './api-error';
import { leaveAfterUnauthorized, leaveForMfaSetup } from './api-redirects';
import { getIdToken } from './auth/auth';
import { isMfaRequiredError } from './auth/mfa-required';
import { getSessionToken } from './auth/session-token';
import { signOutReasonOf } from './auth/sign-out-reason';

export { ApiError, isApiError } from './api-error';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined | object;
export type QueryParams = Record<string, QueryValue>;

export interface ApiFetchOptions {
  method?: HttpMethod;
  query?: QueryParams | undefined;
  body?: unknown;
  formData?: FormData | undefined;
  signal?: AbortSignal | undefined;
  /** 'csv' answers the body as text. */
  responseType?: 'json' | 'csv';
}

/** Paths where a 401 must not send the browser to /logout again. */
const NO_REDIRECT_PATHS = ['/logout', '/login'];

export { configureApiClient } from './api-redirects';

/** `users/me` or `/users/me` → `/api/users/me?…`. Objects (filters) are sent as JSON, arrays as repeated keys. */
export function buildApiUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key, String(item));
    } else if (typeof value === 'object') {
      search.append(key, JSON.stringify(value));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

/** The bearer: the login ID token, else the anonymous `argo-token` session token. */
export async function getBearerToken(): Promise<string> {
  return (await getIdToken()) ?? getSessionToken();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `{ body: X }` (and nothing else) is an envelope: answer X. */
export function unwrapBody(data: unknown): unknown {
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const keys = Object.keys(data);
    if (keys.length === 1 && keys[0] === 'body') return (data as { body: unknown }).body;
  }
  return data;
}

function isOnNoRedirectPath(): boolean {
  const path = window.location.pathname.replace(/\/+$/, '') || '/';
  return NO_REDIRECT_PATHS.includes(path);
}

/** Calls the API: 204 → [], `{ body }` unwrapped, non-OK → ApiError, 401 → /logout. */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = 'GET', query, body, formData, signal, responseType = 'json' } = options;
  const headers: Record<string, string> = {
    Authorization: `Bearer ${await getBearerToken()}`,
    Accept: responseType === 'csv' ? 'text/csv' : 'application/json',
  };
  // FormData sets its own multipart content type with the boundary.
  if (!formData) headers['Content-Type'] = 'application/json';
  const init: RequestInit = { method, headers, signal: signal ?? null };
  if (formData) init.body = formData;
  else if (body !== undefined) init.body = JSON.stringify(body);
  // A JSON content type with an empty body is a 400 in Fastify, so a body-less write sends {}.
  else if (method !== 'GET') init.body = '{}';

  const response = await fetch(buildApiUrl(path, query), init);

  if (response.status === 204) return [] as T;

  if (response.status === 401) {
    const error = new ApiError('Your sign-in has ended. Sign in again.', 401, await readBody(response));
    if (!isOnNoRedirectPath()) leaveAfterUnauthorized(signOutReasonOf(error));
    throw error;
  }

  if (!response.ok) {
    const data = await readBody(response);
    const message = readErrorDetail(data).message;
    const error = new ApiError(
      `Server error (${response.status}): ${message || response.statusText || 'Unknown error'}`,
      response.status,
      data,
    );
    // Every non-OK answer but a 401 is also logged to the console, for whoever debugs it.
    console.error(error.message, { path, method, data });
    if (isMfaRequiredError(error) && window.location.pathname !== '/mfa') leaveForMfaSetup();
    throw error;
  }

  if (responseType === 'csv') return (await response.text()) as T;
  return unwrapBody(await readBody(response)) as T;
}

type Slot<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : undefined extends T
    ? { [P in K]?: T }
    : object extends T
      ? { [P in K]?: T }
      : { [P in K]: T };

/** What callApi takes for a route: params/query/body typed by its zod schemas (required when they are). */
export type CallApiArgs<R extends RouteDef> = Slot<'params', RouteParams<R>> &
  Slot<'query', RouteQuery<R>> &
  Slot<'body', RouteBody<R>> & { formData?: FormData; signal?: AbortSignal };

const fillPath = buildPath as (route: RouteDef, params?: Record<string, unknown>) => string;

/**
 * Calls a route of the contract's table, typed by its schemas:
 * `callApi(routes.usersMe)`, `callApi(routes.usersGet, { params: { id } })`. A 204 route answers [] at run time.
 */
export function callApi<R extends RouteDef>(
  route: R,
  ...[args]: object extends CallApiArgs<R> ? [CallApiArgs<R>?] : [CallApiArgs<R>]
): Promise<RouteResponse<R>> {
  const { params, query, body, formData, signal } = (args ?? {}) as {
    params?: Record<string, unknown>;
    query?: QueryParams;
    body?: unknown;
    formData?: FormData;
    signal?: AbortSignal;
  };
  return apiFetch<RouteResponse<R>>(fillPath(route, params), {
    method: route.method,
    query,
    body,
    formData,
    signal,
    responseType: route.responseType ?? 'json',
  });
}

/** The file name from Content-Disposition (`filename*=` wins over `filename=`), default session_export.csv. */
export function readFileName(disposition: string | null, fallback = 'session_export.csv'): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || fallback;
}

/** The CSV downloads of a session, by what they hold. */
const DOWNLOADS = {
  businesses: 'export',
  contacts: 'export/contacts',
  'import-report': 'import-report',
} as const;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface DownloadOptions {
  /** Hears the bytes received so far while the file arrives (an export streams: its size is not known ahead). */
  onProgress?: ((bytes: number) => void) | undefined;
}

/** The answer's body, reporting the bytes received as they arrive. */
async function readFileBody(response: Response, onProgress: (bytes: number) => void): Promise<Blob> {
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return new Blob(parts as BlobPart[], { type });
}

/**
 * Downloads a session's results as CSV or Excel (`format=xlsx` in the query), its contacts (one row per
 * person), or an import's report of the lines it refused or took in without a value. Answers the file name used.
 */
export async function downloadExport(
  sessionId: string,
  query?: QueryParams,
  what: keyof typeof DOWNLOADS = 'businesses',
  { onProgress }: DownloadOptions = {},
): Promise<string> {
  const token = await getIdToken();
  if (!token) throw new Error('Authentication required');
  let response: Response;
  const isExcel = query?.format === 'xlsx';
  let body: Blob;
  try {
    const path = `user/session/${encodeURIComponent(sessionId)}/${DOWNLOADS[what]}`;
    response = await fetch(buildApiUrl(path, query), {
      headers: { Authorization: `Bearer ${token}`, Accept: isExcel ? XLSX_TYPE : 'text/csv' },
    });
    if (!response.ok) throw new Error(`Export failed: ${response.status} ${response.statusText}`);
    body = onProgress ? await readFileBody(response, onProgress) : await response.blob();
  } catch (cause) {
    if (cause instanceof Error && cause.message.startsWith('Export failed')) throw cause;
    console.error('Export failed', cause);
    throw new Error('Export failed');
  }
  const fileName = readFileName(
    response.headers.get('Content-Disposition'),
    isExcel ? 'session_export.xlsx' : undefined,
  );
  const url = URL.createObjectURL(body);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return fileName;
}

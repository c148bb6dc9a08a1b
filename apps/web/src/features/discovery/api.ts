import { IMPORT_UPLOAD, type ImportUploadResponse, type RouteBody, routes } from '@argo/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { buildApiUrl, callApi, getBearerToken, unwrapBody } from '../../lib/api-client';
import { ApiError, readErrorDetail } from '../../lib/api-error';

export const RECENT_SESSIONS = 5;

/** The newest sessions (the API lists newest first), for the start screen. */
export const recentSessionsQueryOptions = () => {
  const query = { page: 0, page_size: RECENT_SESSIONS };
  return queryOptions({
    queryKey: ['sessions', 'list', query] as const,
    queryFn: ({ signal }) => callApi(routes.sessionsList, { query, signal }),
    staleTime: 10_000,
  });
};

/** GET /ventures/all: the venture picker. */
export const venturesQueryOptions = () =>
  queryOptions({
    queryKey: ['ventures', 'all', 'list'] as const,
    queryFn: ({ signal }) => callApi(routes.venturesAll, { signal }),
  });

export type ScrapeInput = RouteBody<typeof routes.discoveryScrape>;
export type CompetitorsInput = RouteBody<typeof routes.discoveryCompetitorCustomers>;

/** POST /discovery/scrape: a new session that finds businesses by category and place (202, queued). */
export function useStartSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScrapeInput) => callApi(routes.discoveryScrape, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sessions'] }),
  });
}

/** POST /discovery/competitor-customers: a new session that finds the customers of competitors. */
export function useStartCompetitors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompetitorsInput) => callApi(routes.discoveryCompetitorCustomers, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sessions'] }),
  });
}

// ---------------------------------------------------------------- CSV upload

export interface UploadCsvInput {
  file: File;
  name?: string | undefined;
  ventureId?: string | null | undefined;
  /** 0..1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** The upload was stopped by the user. */
export class UploadAbortedError extends Error {
  constructor() {
    super('The upload was stopped.');
    this.name = 'UploadAbortedError';
  }
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POST /discovery/import (multipart). XMLHttpRequest rather than fetch: only it reports upload progress.
 * Errors are ApiErrors worded like the API client's.
 */
export async function uploadCsv({
  file,
  name,
  ventureId,
  onProgress,
  signal,
}: UploadCsvInput): Promise<ImportUploadResponse> {
  const form = new FormData();
  if (name) form.append('name', name);
  if (ventureId) form.append('venture_id', ventureId);
  // The file goes last: the API reads the text parts before it streams the file.
  form.append(IMPORT_UPLOAD.fileField, file, file.name);
  const token = await getBearerToken();

  return new Promise<ImportUploadResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildApiUrl(routes.discoveryImport.path));
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(unwrapBody(data) as ImportUploadResponse);
        return;
      }
      if (xhr.status === 401) {
        reject(new ApiError('Your sign-in has ended. Sign in again.', 401, data));
        return;
      }
      const message = readErrorDetail(data).message;
      reject(
        new ApiError(
          `Server error (${xhr.status}): ${message || xhr.statusText || 'Unknown error'}`,
          xhr.status,
          data,
        ),
      );
    };
    xhr.onerror = () => reject(new Error('The upload failed: the server could not be reached. Try again.'));
    xhr.onabort = () => reject(new UploadAbortedError());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

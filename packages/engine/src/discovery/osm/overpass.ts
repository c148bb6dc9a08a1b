import type { HttpClient } from '../../http/client';
import { createOsmHttpClient, DEFAULT_OVERPASS_URL, type OsmHttpOptions } from './osm-http';

export interface OverpassElement {
  type: 'node' | 'way' | 'relation';
  id: number;
  lat?: number;
  lon?: number;
  /** Ways and relations with `out center`. */
  center?: { lat: number; lon: number };
  tags?: Record<string, string>;
}

export interface OverpassResponse {
  elements: OverpassElement[];
  /** Overpass reports a timeout or memory exhaustion here, with a 200 and partial elements. */
  remark?: string;
  osm3s?: { timestamp_osm_base?: string; copyright?: string };
}

export interface OverpassClientOptions extends OsmHttpOptions {
  /** Default https://overpass-api.de/api/interpreter */
  baseUrl?: string;
  http?: HttpClient;
  /** POST (default; long queries) or GET ?data=. */
  method?: 'POST' | 'GET';
}

export interface OverpassResult extends OverpassResponse {
  /** The server cut the answer short (runtime error in `remark`): split the area and ask again. */
  isIncomplete: boolean;
}

export interface OverpassClient {
  /**
   * Runs a QL query. `timeoutSec` should match the query's `[timeout:]`: the HTTP wait is 15 s longer unless the
   * options set `timeoutMs`.
   */
  run(ql: string, options?: { signal?: AbortSignal; timeoutSec?: number }): Promise<OverpassResult>;
}

export function createOverpassClient(options: OverpassClientOptions = {}): OverpassClient {
  const baseUrl = options.baseUrl ?? DEFAULT_OVERPASS_URL;
  const http = options.http ?? createOsmHttpClient(options);
  return {
    async run(ql, { signal, timeoutSec = 25 } = {}) {
      const timeoutMs = options.timeoutMs ?? (timeoutSec + 15) * 1000;
      const data = new URLSearchParams({ data: ql }).toString();
      const json =
        options.method === 'GET'
          ? await http.requestJson<OverpassResponse>(`${baseUrl}?${data}`, { signal, timeoutMs })
          : await http.requestJson<OverpassResponse>(baseUrl, {
              method: 'POST',
              body: data,
              headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
              signal,
              timeoutMs,
            });
      const elements = Array.isArray(json?.elements) ? json.elements : [];
      const remark = typeof json?.remark === 'string' ? json.remark : undefined;
      const isIncomplete = remark !== undefined && /runtime error|timed out|out of memory/i.test(remark);
      return { ...json, elements, remark, isIncomplete };
    },
  };
}

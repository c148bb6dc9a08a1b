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

interface OverpassResult extends OverpassResponse {
  /** The server cut the answer short (runtime error in `remark`): split the area and ask again. */
  isIncomplete: boolean;
  /** Entries of `elements` left out because they are not elements (null, text, no type/id, tags not an object). */
  skipped: number;
}

const ELEMENT_TYPES = new Set(['node', 'way', 'relation']);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const coordinate = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * One entry of an Overpass `elements` array as an element, or null when it is not one: not an object, a type
 * other than node/way/relation, an id that is not a whole number, or `tags` that are not an object. Tags whose
 * value is not text are left out, and so are coordinates that are not numbers.
 */
export function parseOverpassElement(value: unknown): OverpassElement | null {
  if (!isObject(value)) return null;
  const { type, id, tags } = value;
  if (typeof type !== 'string' || !ELEMENT_TYPES.has(type)) return null;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  if (!isObject(tags)) return null;
  const element: OverpassElement = { type: type as OverpassElement['type'], id, tags: {} };
  for (const [key, tag] of Object.entries(tags)) {
    if (typeof tag === 'string') (element.tags as Record<string, string>)[key] = tag;
  }
  const lat = coordinate(value.lat);
  const lon = coordinate(value.lon);
  if (lat !== undefined && lon !== undefined) Object.assign(element, { lat, lon });
  if (isObject(value.center)) {
    const centerLat = coordinate(value.center.lat);
    const centerLon = coordinate(value.center.lon);
    if (centerLat !== undefined && centerLon !== undefined)
      element.center = { lat: centerLat, lon: centerLon };
  }
  return element;
}

/** The elements of an Overpass answer, whatever its shape: the well-formed ones kept, the others counted. */
export function parseOverpassElements(json: unknown): { elements: OverpassElement[]; skipped: number } {
  const entries = isObject(json) && Array.isArray(json.elements) ? (json.elements as unknown[]) : [];
  const elements: OverpassElement[] = [];
  for (const entry of entries) {
    const element = parseOverpassElement(entry);
    if (element) elements.push(element);
  }
  return { elements, skipped: entries.length - elements.length };
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
          ? await http.requestJson<unknown>(`${baseUrl}?${data}`, { signal, timeoutMs })
          : await http.requestJson<unknown>(baseUrl, {
              method: 'POST',
              body: data,
              headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
              signal,
              timeoutMs,
            });
      // Element by element: one malformed entry (null, text, no id) must not lose the area's other places.
      const { elements, skipped } = parseOverpassElements(json);
      const answer = isObject(json) ? json : {};
      const remark = typeof answer.remark === 'string' ? answer.remark : undefined;
      const isIncomplete = remark !== undefined && /runtime error|timed out|out of memory/i.test(remark);
      const result: OverpassResult = { elements, remark, isIncomplete, skipped };
      if (isObject(answer.osm3s)) result.osm3s = answer.osm3s as OverpassResponse['osm3s'];
      return result;
    },
  };
}

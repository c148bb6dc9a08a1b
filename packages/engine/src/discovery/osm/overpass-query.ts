import { type BBox, roundCoord } from '../../geo/geo';
import type { TagCondition, TagFilter } from './categories';

export interface OverpassQueryOptions {
  /** Any filter matches; each filter's conditions all hold. */
  filters: TagFilter[];
  /** [south, west, north, east]; one crossing the antimeridian (west > east) is searched as two boxes. */
  bbox?: BBox;
  /** Or a circle. */
  around?: { lat: number; lng: number; radiusM: number };
  /** Server-side time limit in seconds (Overpass `[timeout:]`). Default 25. */
  timeoutSec?: number;
  /** At most this many elements (`out … N`): a full answer means "split the tile". */
  maxCount?: number;
  /** Server-side memory limit in bytes (`[maxsize:]`). */
  maxSizeBytes?: number;
}

/** A string literal of Overpass QL. */
function qlString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

function conditionToQl(condition: TagCondition): string {
  const key = qlString(condition.key);
  switch (condition.op) {
    case 'exists':
      return `[${key}]`;
    case 'key~':
      return `[~${key}~"."]`;
    case '=':
      return `[${key}=${qlString(condition.value ?? '')}]`;
    case '~':
      return `[${key}~${qlString(condition.value ?? '')}${condition.isCaseInsensitive ? ',i' : ''}]`;
  }
}

const coords = (values: number[]) => values.map((v) => String(roundCoord(v))).join(',');

function areaClauses(options: OverpassQueryOptions): string[] {
  if (options.around) {
    const { lat, lng, radiusM } = options.around;
    return [`(around:${Math.round(radiusM)},${coords([lat, lng])})`];
  }
  if (!options.bbox) throw new Error('buildOverpassQuery needs a bbox or around');
  const [south, west, north, east] = options.bbox;
  if (west <= east) return [`(${coords([south, west, north, east])})`];
  return [`(${coords([south, west, north, 180])})`, `(${coords([south, -180, north, east])})`];
}

/**
 * Overpass QL for every node, way and relation matching the filters in the area, answered as JSON with
 * tags and a centre point for ways and relations (`out center tags`).
 */
export function buildOverpassQuery(options: OverpassQueryOptions): string {
  if (options.filters.length === 0) throw new Error('buildOverpassQuery needs at least one filter');
  const settings = [`[out:json]`, `[timeout:${Math.max(1, Math.round(options.timeoutSec ?? 25))}]`];
  if (options.maxSizeBytes) settings.push(`[maxsize:${Math.round(options.maxSizeBytes)}]`);
  const statements: string[] = [];
  for (const area of areaClauses(options)) {
    for (const filter of options.filters)
      statements.push(`  nwr${filter.map(conditionToQl).join('')}${area};`);
  }
  const count = options.maxCount ? ` ${Math.max(1, Math.round(options.maxCount))}` : '';
  return `${settings.join('')};\n(\n${statements.join('\n')}\n);\nout center tags${count};\n`;
}

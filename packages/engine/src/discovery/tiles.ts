import { type BBox, bboxAreaKm2, bboxLngSpan } from '../geo/geo';

/**
 * Splits an area into a grid of tiles of at most `maxTileKm2` each (a bbox crossing the antimeridian is first
 * cut in two). Tiles share edges; a place on an edge may come back twice and is de-duplicated by its id.
 */
export function splitBbox(bbox: BBox, maxTileKm2: number): BBox[] {
  const [south, west, north, east] = bbox;
  if (west > east) {
    return [
      ...splitBbox([south, west, north, 180], maxTileKm2),
      ...splitBbox([south, -180, north, east], maxTileKm2),
    ];
  }
  const area = bboxAreaKm2(bbox);
  if (!(maxTileKm2 > 0) || area <= maxTileKm2) return [bbox];
  const count = Math.ceil(area / maxTileKm2);
  // Rows and columns in proportion to the box's shape, so tiles come out roughly square.
  const heightKm = (north - south) * 111.2;
  const widthKm = area / Math.max(heightKm, 1e-9);
  const rows = Math.max(1, Math.round(Math.sqrt((count * heightKm) / Math.max(widthKm, 1e-9))));
  const cols = Math.max(1, Math.ceil(count / rows));
  const lngSpan = bboxLngSpan(bbox);
  const tiles: BBox[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      tiles.push([
        south + ((north - south) * r) / rows,
        west + (lngSpan * c) / cols,
        south + ((north - south) * (r + 1)) / rows,
        west + (lngSpan * (c + 1)) / cols,
      ]);
    }
  }
  return tiles;
}

/** The four quarters of a tile (SW, SE, NW, NE). */
export function quarterBbox([south, west, north, east]: BBox): BBox[] {
  const midLat = (south + north) / 2;
  const midLng = west <= east ? (west + east) / 2 : west + bboxLngSpan([south, west, north, east]) / 2;
  const wrap = (lng: number) => (lng > 180 ? lng - 360 : lng);
  const m = wrap(midLng);
  return [
    [south, west, midLat, m],
    [south, m, midLat, east],
    [midLat, west, north, m],
    [midLat, m, north, east],
  ];
}

export interface TileResult<T> {
  items: T[];
  /** The answer was cut off (hit the per-query cap, or the server gave up): the tile should be split. */
  isFull: boolean;
}

export interface TileWalkOptions {
  /** How many times a full tile may be split (each split makes four). Default 4. */
  maxDepth?: number;
  signal?: AbortSignal;
}

export interface TileStep<T> {
  tile: BBox;
  depth: number;
  items: T[];
  /** Tiles finished and known so far (total grows by four on each split). */
  done: number;
  total: number;
  /** The tile was full at the maximum depth: results there are incomplete. */
  isTruncated: boolean;
}

/**
 * Queries tiles one after another; a full answer splits the tile in four and queries each quarter (depth
 * bounded). Yields every answer as it comes, including a full one's items (the quarters repeat them, so the
 * caller de-duplicates by id).
 */
export async function* walkTiles<T>(
  tiles: BBox[],
  queryTile: (tile: BBox, signal?: AbortSignal) => Promise<TileResult<T>>,
  options: TileWalkOptions = {},
): AsyncGenerator<TileStep<T>> {
  const maxDepth = options.maxDepth ?? 4;
  const queue = tiles.map((tile) => ({ tile, depth: 0 }));
  let done = 0;
  let total = queue.length;
  while (queue.length > 0) {
    options.signal?.throwIfAborted();
    const { tile, depth } = queue.shift() as { tile: BBox; depth: number };
    const result = await queryTile(tile, options.signal);
    const canSplit = result.isFull && depth < maxDepth;
    if (canSplit) {
      // Depth-first: the quarters go next, so results keep coming from one neighbourhood at a time.
      queue.unshift(...quarterBbox(tile).map((quarter) => ({ tile: quarter, depth: depth + 1 })));
      total += 4;
    }
    done += 1;
    yield { tile, depth, items: result.items, done, total, isTruncated: result.isFull && !canSplit };
  }
}

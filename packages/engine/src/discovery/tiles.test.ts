import { describe, expect, it } from 'vitest';
import { type BBox, bboxAreaKm2 } from '../geo/geo';
import { quarterBbox, splitBbox, type TileResult, walkTiles } from './tiles';

describe('splitBbox', () => {
  it('keeps a small area whole and cuts a large one into tiles under the size', () => {
    const halle: BBox = [51.41, 11.85, 51.54, 12.08];
    expect(splitBbox(halle, 400)).toEqual([halle]);
    const region: BBox = [51, 11, 52, 13];
    const tiles = splitBbox(region, 1000);
    expect(tiles.length).toBeGreaterThanOrEqual(Math.ceil(bboxAreaKm2(region) / 1000));
    for (const tile of tiles) expect(bboxAreaKm2(tile)).toBeLessThanOrEqual(1000);
    const total = tiles.reduce((sum, tile) => sum + bboxAreaKm2(tile), 0);
    expect(total).toBeCloseTo(bboxAreaKm2(region), -1);
  });

  it('cuts a bbox crossing the antimeridian into boxes that do not', () => {
    for (const [, west, , east] of splitBbox([-18, 178, -16, -179], 1_000_000))
      expect(west).toBeLessThan(east);
  });

  it('quarters a tile', () => {
    expect(quarterBbox([0, 0, 2, 4])).toEqual([
      [0, 0, 1, 2],
      [0, 2, 1, 4],
      [1, 0, 2, 2],
      [1, 2, 2, 4],
    ]);
  });
});

describe('walkTiles', () => {
  it('splits a full tile into four, recursively, up to the maximum depth', async () => {
    const asked: BBox[] = [];
    // Full when the tile is wider than 1 degree: 4×4 → 2×2 → 1×1 (two levels of splitting).
    const query = async (tile: BBox): Promise<TileResult<string>> => {
      asked.push(tile);
      return { items: [tile.join(',')], isFull: tile[2] - tile[0] > 1 };
    };
    const steps = [];
    for await (const step of walkTiles([[0, 0, 4, 4]], query, { maxDepth: 4 })) steps.push(step);
    expect(asked).toHaveLength(1 + 4 + 16);
    expect(steps.at(-1)).toMatchObject({ done: 21, total: 21, isTruncated: false });
    expect(steps[1]).toMatchObject({ depth: 1, tile: [0, 0, 2, 2] });

    const bounded = [];
    for await (const step of walkTiles([[0, 0, 4, 4]], query, { maxDepth: 1 })) bounded.push(step);
    expect(bounded).toHaveLength(5);
    expect(bounded.filter((s) => s.isTruncated)).toHaveLength(4);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const query = async (): Promise<TileResult<number>> => ({ items: [1], isFull: false });
    const seen: number[] = [];
    const run = async () => {
      for await (const step of walkTiles(splitBbox([0, 0, 10, 10], 10_000), query, {
        signal: controller.signal,
      })) {
        seen.push(step.done);
        if (step.done === 2) controller.abort();
      }
    };
    await expect(run()).rejects.toThrow(/abort/i);
    expect(seen).toEqual([1, 2]);
  });
});

/**
 * A map tile server on 127.0.0.1 for the browser tests (the results map's MAP_TILE_URL): every
 * /tiles/{z}/{x}/{y}.png is a 256×256 PNG of one colour, two colours in a checkerboard with a darker grid line,
 * so a screenshot shows the tiles and where they meet. The PNGs are written here (no image library, no
 * internet).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

const SIZE = 256;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 256×256 RGB PNG of one colour with a 1-pixel border of another. */
function solidPng([r, g, b]: [number, number, number], border: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  const row = 1 + SIZE * 3;
  const pixels = Buffer.alloc(row * SIZE);
  for (let y = 0; y < SIZE; y++) {
    pixels[y * row] = 0; // filter: none
    for (let x = 0; x < SIZE; x++) {
      const edge = x === 0 || y === 0;
      pixels.set(edge ? border : [r, g, b], y * row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const LIGHT = solidPng([232, 240, 226], [200, 208, 196]);
const DARK = solidPng([214, 228, 240], [200, 208, 196]);
const TILE = /^\/tiles\/(\d{1,2})\/(\d+)\/(\d+)\.png$/;

export interface TileServer {
  /** The template for MAP_TILE_URL, e.g. http://127.0.0.1:40123/tiles/{z}/{x}/{y}.png */
  template: string;
  origin: string;
  close(): Promise<void>;
}

export async function startTileServer(): Promise<TileServer> {
  const server = createServer((request, response) => {
    const match = TILE.exec(request.url ?? '');
    if (!match || request.method !== 'GET') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not a tile');
      return;
    }
    const [, , x, y] = match.map(Number) as [number, number, number, number];
    response
      .writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' })
      .end((x + y) % 2 === 0 ? LIGHT : DARK);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    template: `${origin}/tiles/{z}/{x}/{y}.png`,
    origin,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

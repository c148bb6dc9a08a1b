/**
 * Bytes → text for uploaded CSVs: UTF-8 (with or without BOM), UTF-16 (BOM, or NUL-byte pattern), and
 * Windows-1252 (the superset of Latin-1 that spreadsheet exports really use) when the bytes are not UTF-8.
 * Detection looks at the first 64 KB; decoding is chunked and never splits a multi-byte character.
 */
import { TextDecoder } from 'node:util';

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** A file that cannot be read as CSV at all; `message` is meant for the user. */
export class CsvFormatError extends Error {
  override readonly name = 'CsvFormatError';
}

const SNIFF_BYTES = 64 * 1024;
/** Large in-memory sources are fed in slices of this size so parsing stays incremental. */
const SLICE_BYTES = 64 * 1024;

/** The encoding of a file from its first bytes (`isEnd`: these are all of its bytes). */
export function detectEncoding(head: Uint8Array, isEnd = false): TextEncodingName {
  if (startsWith(head, [0xef, 0xbb, 0xbf])) return 'utf-8';
  if (startsWith(head, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(head, [0xfe, 0xff])) return 'utf-16be';
  rejectBinary(head);
  const utf16 = utf16WithoutBom(head);
  if (utf16) return utf16;
  // Text in a single-byte or UTF-8 encoding never holds a NUL byte; a file that does is binary.
  if (head.includes(0)) {
    throw new CsvFormatError('This file is binary, not a CSV text file. Export it as CSV and upload that.');
  }
  return isUtf8(head, isEnd) ? 'utf-8' : 'windows-1252';
}

/** True when the bytes are valid UTF-8; a sequence cut off at the end counts as valid unless `isEnd`. */
function isUtf8(bytes: Uint8Array, isEnd = false): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !isEnd });
    return true;
  } catch {
    return false;
  }
}

/**
 * Decodes chunk by chunk. A UTF-8 guess made on a pure-ASCII head is provisional: if a later chunk is not
 * UTF-8 while everything so far was ASCII, decoding switches to Windows-1252 (identical for ASCII), so a big
 * Latin-1 file whose first accent comes after 64 KB is still read correctly. `encoding` reflects the switch.
 */
export class ChunkDecoder {
  #encoding: TextEncodingName;
  #decoder: TextDecoder;
  #asciiSoFar = true;
  /** Trailing non-ASCII bytes of the last chunk while still ASCII-only (a possibly split character). */
  #tail: Uint8Array = new Uint8Array(0);

  constructor(encoding: TextEncodingName) {
    this.#encoding = encoding;
    this.#decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  }

  get encoding(): TextEncodingName {
    return this.#encoding;
  }

  decode(chunk: Uint8Array): string {
    if (this.#encoding !== 'utf-8') return this.#decoder.decode(chunk, { stream: true });
    try {
      const text = this.#decoder.decode(chunk, { stream: true });
      if (this.#asciiSoFar) this.#trackAscii(chunk, text);
      return text;
    } catch {
      return this.#recover(chunk);
    }
  }

  flush(): string {
    try {
      return this.#decoder.decode();
    } catch {
      return this.#asciiSoFar ? this.#recover(new Uint8Array(0)) + this.#decoder.decode() : '\uFFFD';
    }
  }

  #trackAscii(chunk: Uint8Array, text: string): void {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
    if (/[^\u0000-\u007f]/.test(text)) {
      this.#asciiSoFar = false;
      return;
    }
    let start = chunk.length;
    while (start > 0 && (chunk[start - 1] ?? 0) >= 0x80) start--;
    this.#tail = chunk.slice(start);
  }

  #recover(chunk: Uint8Array): string {
    if (this.#asciiSoFar) {
      this.#encoding = 'windows-1252';
      this.#decoder = new TextDecoder('windows-1252');
      const bytes = concatBytes([this.#tail, chunk]);
      this.#tail = new Uint8Array(0);
      return this.#decoder.decode(bytes, { stream: true });
    }
    // Mostly UTF-8 with a broken sequence: keep going with replacement characters, as browsers do.
    this.#decoder = new TextDecoder('utf-8', { fatal: true });
    return new TextDecoder('utf-8').decode(chunk, { stream: true });
  }
}

export interface DecodedText {
  /** The detected encoding; read it again after consuming `chunks` (see ChunkDecoder). */
  readonly encoding: TextEncodingName;
  /** The decoded first ~64 KB (all of a smaller file), for sniffing. `chunks` yields it first. */
  readonly head: string;
  /** True when `head` is the whole text. */
  readonly headIsAll: boolean;
  /** The whole text, chunk by chunk, BOM removed. Iterate once. */
  readonly chunks: AsyncIterable<string>;
}

/** Reads the first bytes of `source`, detects its encoding and returns the decoded text as a stream. */
export async function decodeText(
  source: AsyncIterable<Uint8Array> | Uint8Array,
  sniffBytes = SNIFF_BYTES,
): Promise<DecodedText> {
  const iterator = byteChunks(source)[Symbol.asyncIterator]();
  const headChunks: Uint8Array[] = [];
  let headSize = 0;
  let isEnd = false;
  while (headSize < sniffBytes) {
    const next = await iterator.next();
    if (next.done) {
      isEnd = true;
      break;
    }
    headChunks.push(next.value);
    headSize += next.value.length;
  }
  const headBytes = concatBytes(headChunks);
  const decoder = new ChunkDecoder(detectEncoding(headBytes, isEnd));
  let head = decoder.decode(headBytes);
  if (isEnd) head += decoder.flush();

  async function* rest(): AsyncGenerator<string> {
    try {
      if (head !== '') yield head;
      if (isEnd) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        const text = decoder.decode(next.value);
        if (text !== '') yield text;
      }
      const last = decoder.flush();
      if (last !== '') yield last;
    } finally {
      await iterator.return?.(undefined);
    }
  }
  return {
    get encoding() {
      return decoder.encoding;
    },
    head,
    headIsAll: isEnd,
    chunks: rest(),
  };
}

async function* byteChunks(source: AsyncIterable<Uint8Array> | Uint8Array): AsyncGenerator<Uint8Array> {
  if (source instanceof Uint8Array) {
    for (let at = 0; at < source.length; at += SLICE_BYTES) yield source.subarray(at, at + SLICE_BYTES);
    return;
  }
  for await (const chunk of source) if (chunk.length > 0) yield chunk;
}

function rejectBinary(head: Uint8Array): void {
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    throw new CsvFormatError(
      'This looks like an Excel workbook (.xlsx) or another zip file, not a CSV. Save it as CSV and upload again.',
    );
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0])) {
    throw new CsvFormatError(
      'This looks like an old Excel workbook (.xls), not a CSV. Save it as CSV first.',
    );
  }
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46])) throw new CsvFormatError('This is a PDF, not a CSV.');
}

/** UTF-16 without a BOM shows as a NUL in every other byte of mostly-ASCII text. */
function utf16WithoutBom(head: Uint8Array): TextEncodingName | null {
  const pairs = Math.min(head.length >> 1, 4096);
  if (pairs < 2) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < pairs; i++) {
    if (head[2 * i] === 0) evenNul++;
    if (head[2 * i + 1] === 0) oddNul++;
  }
  if (oddNul > pairs * 0.6 && evenNul < pairs * 0.1) return 'utf-16le';
  if (evenNul > pairs * 0.6 && oddNul < pairs * 0.1) return 'utf-16be';
  return null;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

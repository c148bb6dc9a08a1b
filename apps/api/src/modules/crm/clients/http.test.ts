import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmError, crmRequest, retryAfterMs } from './http';

/** A CRM that answers each request with the next of `answers` (status, Retry-After), then 200. */
let server: Server;
let baseUrl: string;
let answers: { status: number; retryAfter?: string }[] = [];
let received = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    received++;
    request.resume();
    const next = answers.shift() ?? { status: 200 };
    response.writeHead(next.status, {
      'content-type': 'application/json',
      ...(next.retryAfter ? { 'retry-after': next.retryAfter } : {}),
    });
    response.end(JSON.stringify(next.status === 200 ? { ok: true } : { message: `answered ${next.status}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const waited: number[] = [];
const options = () => ({
  baseUrl,
  headers: {},
  timeoutMs: 5000,
  retryDelayMs: 10,
  sleep: async (ms: number) => {
    waited.push(ms);
  },
});

describe('a CRM request', () => {
  it('waits out a 429 as long as Retry-After says, then goes on', async () => {
    answers = [
      { status: 429, retryAfter: '2' },
      { status: 429, retryAfter: '1' },
    ];
    waited.length = 0;
    received = 0;
    const answer = await crmRequest(options(), 'GET', '/x');
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    expect(waited).toEqual([2000, 1000]);
    expect(received).toBe(3);
  });

  it('retries a 5xx a few times with growing pauses, then hands back the last answer', async () => {
    answers = [{ status: 503 }, { status: 502 }, { status: 500 }, { status: 500 }];
    waited.length = 0;
    const answer = await crmRequest(options(), 'POST', '/x', { a: 1 });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ message: 'answered 500' });
    expect(waited).toEqual([10, 20, 40]);
  });

  it('gives up on a Retry-After longer than it may wait, saying so', async () => {
    answers = [{ status: 429, retryAfter: '3600' }];
    await expect(crmRequest(options(), 'GET', '/x')).rejects.toThrow(CrmError);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Fri, 04 Dec 2026 10:00:05 GMT', Date.parse('Fri, 04 Dec 2026 10:00:00 GMT'))).toBe(
      5000,
    );
    expect(retryAfterMs(null)).toBe(1000);
  });
});

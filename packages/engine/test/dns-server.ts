import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import * as packet from 'dns-packet';
import { afterEach } from 'vitest';

/** A mail exchanger record: its host and preference (lower is preferred). */
interface MxRecord {
  exchange: string;
  preference: number;
}

/** What the server does with one question: answer these records, say the name does not exist, or never answer. */
export type DnsAnswer = { a?: string[]; aaaa?: string[]; mx?: MxRecord[] } | 'nxdomain' | 'silent';

export interface DnsServer {
  /** "127.0.0.1:PORT", for a resolver's servers. */
  server: string;
  /** Questions received, as "A example.com". */
  questions: string[];
  /** The most questions that were waiting for their answer at one time. */
  mostWaiting: number;
  close(): Promise<void>;
}

/**
 * A DNS server on 127.0.0.1 (UDP, random port) answering each A, AAAA or MX question with `answer(name)`, each after
 * `delayMs`: what a resolver under test talks to instead of the real DNS.
 */
export async function startDnsServer(answer: (name: string) => DnsAnswer, delayMs = 0): Promise<DnsServer> {
  const socket = createSocket('udp4');
  let closing: Promise<void> | undefined;
  const state: DnsServer = {
    server: '',
    questions: [],
    mostWaiting: 0,
    close: () => {
      closing ??= new Promise((resolve) => socket.close(() => resolve()));
      return closing;
    },
  };
  let waiting = 0;
  socket.on('message', (message, remote) => {
    const query = packet.decode(message);
    const question = query.questions?.[0];
    if (!question) return;
    state.questions.push(`${question.type} ${question.name}`);
    const what = answer(question.name);
    if (what === 'silent') return;
    waiting += 1;
    state.mostWaiting = Math.max(state.mostWaiting, waiting);
    const record = { name: question.name, ttl: 60, class: 'IN' as const };
    const answers: packet.Answer[] =
      what === 'nxdomain'
        ? []
        : question.type === 'MX'
          ? (what.mx ?? []).map((data) => ({ ...record, type: 'MX' as const, data }))
          : ((question.type === 'A' ? what.a : question.type === 'AAAA' ? what.aaaa : []) ?? []).map(
              (data) => ({
                ...record,
                type: question.type as 'A' | 'AAAA',
                data,
              }),
            );
    const reply = packet.encode({
      id: query.id,
      type: 'response',
      // The low four bits are the response code: 3 is NXDOMAIN.
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | (what === 'nxdomain' ? 3 : 0),
      questions: [question],
      answers,
    });
    setTimeout(() => {
      waiting -= 1;
      socket.send(reply, remote.port, remote.address);
    }, delayMs);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  state.server = `127.0.0.1:${(socket.address() as AddressInfo).port}`;
  return state;
}

/** `startDnsServer` for one test file: each server started in a test is closed after it. */
export function dnsServerPerTest(): typeof startDnsServer {
  const started: DnsServer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.close()));
  });
  return async (answer, delayMs) => {
    const server = await startDnsServer(answer, delayMs);
    started.push(server);
    return server;
  };
}

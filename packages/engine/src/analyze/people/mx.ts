/**
 * Can a domain receive mail at all? One MX lookup per domain through node's DNS resolver, which can be pointed
 * at chosen servers (tests run a DNS responder on 127.0.0.1). No SMTP: mailboxes are never probed.
 */
import { Resolver } from 'node:dns/promises';
import type { MxCheck } from './types';

export interface MxCheckerOptions {
  /** DNS servers ("1.1.1.1", "127.0.0.1:5353"); default the system's. */
  servers?: string[];
  /** Per query. Default 3 s. */
  timeoutMs?: number;
  /** Attempts per server. Default 2. */
  tries?: number;
  /**
   * A domain known to receive mail (default gmail.com). Before a domain is said to take no mail, the resolver must
   * find this one's mail exchangers: a resolver that answers "not found" for every name (a network without
   * outside DNS) cannot tell a dead domain from a live one, so its "none" becomes "failed" (not checked).
   */
  referenceDomain?: string;
}

/** How long the reference domain's answer is trusted before it is asked again. */
const REFERENCE_TTL_MS = 10 * 60 * 1000;

export type MxChecker = (domain: string) => Promise<MxCheck>;

/** Answers that mean "this name has no mail exchanger" rather than "the lookup failed". */
const NO_MX = new Set(['ENODATA', 'ENOTFOUND', 'NOTFOUND', 'ENONAME']);

/** A checker with its own resolver and a cache (one lookup per domain for the checker's lifetime). */
export function createMxChecker(options: MxCheckerOptions = {}): MxChecker {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: options.tries ?? 2 });
  if (options.servers?.length) resolver.setServers(options.servers);
  const cache = new Map<string, Promise<MxCheck>>();
  const referenceDomain = options.referenceDomain ?? 'gmail.com';
  let reference: { answer: Promise<boolean>; at: number } | undefined;
  const resolverAnswers = (): Promise<boolean> => {
    if (!reference || Date.now() - reference.at > REFERENCE_TTL_MS) {
      const answer = lookup(resolver, referenceDomain).then((r) => r.status === 'found');
      reference = { answer, at: Date.now() };
    }
    return reference.answer;
  };
  const check = async (domain: string): Promise<MxCheck> => {
    const found = await lookup(resolver, domain);
    if (found.status !== 'none' || (await resolverAnswers())) return found;
    return {
      domain,
      status: 'failed',
      hosts: [],
      error: `the DNS resolver finds no mail server for ${referenceDomain} either`,
    };
  };
  return (domain) => {
    const key = domain.toLowerCase().replace(/\.$/, '');
    let known = cache.get(key);
    if (!known) {
      known = check(key);
      cache.set(key, known);
    }
    return known;
  };
}

async function lookup(resolver: Resolver, domain: string): Promise<MxCheck> {
  try {
    const records = await resolver.resolveMx(domain);
    // RFC 7505: a single "." exchanger is a "null MX", the domain says it accepts no mail.
    const hosts = records
      .filter((r) => r.exchange && r.exchange !== '.')
      .sort((a, b) => a.priority - b.priority)
      .map((r) => r.exchange.toLowerCase());
    return { domain, status: hosts.length ? 'found' : 'none', hosts };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (NO_MX.has(code)) return { domain, status: 'none', hosts: [] };
    return { domain, status: 'failed', hosts: [], error: code || String(error) };
  }
}

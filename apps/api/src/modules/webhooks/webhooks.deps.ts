/**
 * What the webhook delivery job needs from the outside world, built once per worker process from the config
 * (tests pass overrides: short retry pauses).
 */
import { createWebhookSender, type WebhookSender } from '@argo/engine';
import type { Config } from '../../config/env';

export interface WebhookDeps {
  /** Posts one delivery: SSRF guard, time limits, a capped answer, no redirects. */
  sender: WebhookSender;
  /** The pause after the first failed attempt; each next one doubles, up to MAX_RETRY_PAUSE_SECONDS. */
  retryBaseSeconds: number;
  /** How long one attempt holds its delivery: longer than any attempt can take, so a dead holder's lapses. */
  leaseSeconds: number;
}

/** The longest pause between two attempts: a receiver down for a day is still tried every few hours. */
const MAX_RETRY_PAUSE_SECONDS = 4 * 60 * 60;
const CONNECT_TIMEOUT_MS = 3_000;

/** Test overrides: shorter pauses, and the sender's DNS answers and allowed addresses. */
export type WebhookOverrides = Partial<Omit<WebhookDeps, 'sender'>> & {
  sender?: Pick<NonNullable<Parameters<typeof createWebhookSender>[0]>, 'resolve' | 'allowAddresses'>;
};

export function createWebhookDeps(config: Config, overrides: WebhookOverrides = {}): WebhookDeps {
  return {
    sender: createWebhookSender({
      allowAddresses: config.CRAWL_ALLOW_HOSTS,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      responseTimeoutMs: config.WEBHOOK_TIMEOUT_MS,
      maxResponseBytes: 4 * 1024,
      ...overrides.sender,
    }),
    retryBaseSeconds: overrides.retryBaseSeconds ?? 30,
    leaseSeconds:
      overrides.leaseSeconds ?? Math.ceil((CONNECT_TIMEOUT_MS + config.WEBHOOK_TIMEOUT_MS) / 1000) + 30,
  };
}

/** The pause before attempt `attempts + 1`: doubling from the base, capped, with a tenth of jitter either way. */
export function retryPauseSeconds(attempts: number, baseSeconds: number, random = Math.random): number {
  const pause = Math.min(MAX_RETRY_PAUSE_SECONDS, baseSeconds * 2 ** Math.max(0, attempts - 1));
  return Math.max(1, Math.round(pause * (0.9 + 0.2 * random())));
}

/**
 * Webhooks: an organisation's admins subscribe a URL to events; Argo POSTs each event there as JSON
 * `{ id, type, created_at, data }`, signed with the subscription's secret (docs/webhooks.md):
 * `Argo-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 *
 * A delivery that fails (not 2xx, a timeout, a network error) is tried again with growing pauses for 24 hours; one
 * answered 2xx is never sent again by itself. Every event has a stable id, delivered once per subscription.
 */
import { z } from 'zod';
import { Count, expected, Id, IdParams, IsoDateTime, LIMITS, optionalText, paged, queryInt } from './common';
import { defineRoute } from './define';

/**
 * The events a subscription may name, each with what it tells. New kinds (signals on a business) join this list;
 * a receiver ignores types it does not know.
 */
export const WEBHOOK_EVENTS = {
  'session.completed': 'A discovery, competitor search or CSV import finished with its businesses stored.',
  'session.failed': 'A session run failed; `data.error` says why in plain words.',
  'enrichment.completed': 'An enrichment of a session’s businesses finished.',
  'signal.recorded':
    'A change seen on a business’s website by a run (Signals): `data.signal.type` says which, with before, after and evidence.',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];
export const WebhookEventType = z.enum(
  WEBHOOK_EVENT_TYPES,
  expected(WEBHOOK_EVENT_TYPES.map((t) => `'${t}'`).join(', ')),
);
/** The type of the event "send test event" delivers (to one subscription, whatever it names). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The header that carries the signature (docs/webhooks.md). */
export const WEBHOOK_SIGNATURE_HEADER = 'Argo-Signature';

/** An http(s) URL typed in full (no user name or password in it); the server checks where it points. */
const WebhookUrl = z
  .string(expected('a web address'))
  .trim()
  .min(1, 'must not be empty')
  .max(LIMITS.url, `must be at most ${LIMITS.url} characters`)
  .pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'must be a full web address such as https://hooks.example.com/argo',
      })
      .refine((value) => !/^https?:\/\/[^/?#]*@/i.test(value), 'must not contain a user name or password'),
  );

export const WebhookSubscription = z
  .object({
    id: Id,
    url: z.string(),
    events: z.array(WebhookEventType),
    description: z.string().nullable(),
    created_at: IsoDateTime,
    created_by: z.object({ id: Id, email: z.string(), name: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'WebhookSubscription' });
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;

export const CreateWebhookBody = z.object({
  url: WebhookUrl,
  events: z
    .array(WebhookEventType, expected('a list of event types'))
    .min(1, 'must name at least one event')
    .max(WEBHOOK_EVENT_TYPES.length, `must name at most ${WEBHOOK_EVENT_TYPES.length} events`)
    .refine((events) => new Set(events).size === events.length, 'must name each event once'),
  description: optionalText(LIMITS.shortText),
});
export type CreateWebhookBody = z.input<typeof CreateWebhookBody>;

/** The subscription as made, with its signing secret: shown this once, never again. */
export const CreatedWebhook = z
  .object({ subscription: WebhookSubscription, secret: z.string() })
  .meta({ id: 'CreatedWebhook' });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

const WebhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed']);

export const WebhookDelivery = z
  .object({
    id: Id,
    subscription_id: Id,
    /** The event's stable id, the body's `id`: a receiver that sees it twice has seen the same event. */
    event_id: z.string(),
    event_type: z.string(),
    /** pending: not yet answered 2xx and still tried; delivered: answered 2xx; failed: given up after 24 hours. */
    status: WebhookDeliveryStatus,
    attempts: Count,
    last_status_code: z.int().nullable(),
    /** Why the last attempt failed, in plain words; null when it did not. */
    last_error: z.string().nullable(),
    last_attempt_at: IsoDateTime.nullable(),
    delivered_at: IsoDateTime.nullable(),
    created_at: IsoDateTime,
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

const DeliveriesQuery = z.object({
  page: queryInt(0, 10_000).default(0),
  page_size: queryInt(1, 100).default(25),
});

export const webhooksRoutes = {
  webhooksList: defineRoute({
    id: 'webhooks.list',
    method: 'GET',
    path: '/accounts/webhooks',
    access: 'admin',
    summary: "The organisation's webhook subscriptions, newest first",
    tag: 'accounts',
    response: z.array(WebhookSubscription),
  }),
  webhooksCreate: defineRoute({
    id: 'webhooks.create',
    method: 'POST',
    path: '/accounts/webhooks',
    access: 'admin',
    summary: 'Subscribe a URL to events; its signing secret is answered this once',
    tag: 'accounts',
    body: CreateWebhookBody,
    response: CreatedWebhook,
    status: 201,
  }),
  webhooksDelete: defineRoute({
    id: 'webhooks.delete',
    method: 'DELETE',
    path: '/accounts/webhooks/:id',
    access: 'admin',
    summary: 'Delete a subscription: nothing more is sent to it',
    tag: 'accounts',
    params: IdParams,
    response: null,
    status: 204,
  }),
  webhooksDeliveries: defineRoute({
    id: 'webhooks.deliveries',
    method: 'GET',
    path: '/accounts/webhooks/:id/deliveries',
    access: 'admin',
    summary: "A subscription's delivery log, newest first",
    tag: 'accounts',
    params: IdParams,
    query: DeliveriesQuery,
    response: paged(WebhookDelivery),
  }),
  webhooksTest: defineRoute({
    id: 'webhooks.test',
    method: 'POST',
    path: '/accounts/webhooks/:id/test',
    access: 'admin',
    summary: 'Send a test event (type webhook.test) to this subscription',
    tag: 'accounts',
    params: IdParams,
    response: WebhookDelivery,
    status: 202,
  }),
  webhooksResend: defineRoute({
    id: 'webhooks.resend',
    method: 'POST',
    path: '/accounts/webhook-deliveries/:id/resend',
    access: 'admin',
    summary: 'Send a delivery again, with the same event id and body',
    tag: 'accounts',
    params: IdParams,
    response: WebhookDelivery,
    status: 202,
  }),
} as const;

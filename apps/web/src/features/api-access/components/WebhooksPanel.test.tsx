import type { WebhookDelivery, WebhookSubscription } from '@argo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProfile } from '../../../testing/factories';
import { json, mockApi } from '../../../testing/fake-api';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { ApiAccessSection } from './ApiAccessSection';

const SUB_ID = '00000000-0000-4000-8000-0000000000a1';
const SECRET = `whsec_${'a'.repeat(64)}`;
let subscriptions: WebhookSubscription[];
let deliveries: WebhookDelivery[];

const subscription = (id: string, url: string): WebhookSubscription => ({
  id,
  url,
  events: ['session.completed'],
  description: null,
  created_at: '2026-03-01T10:00:00.000Z',
  created_by: null,
});

const delivery = (n: number, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: `00000000-0000-4000-8000-0000000000d${n}`,
  subscription_id: SUB_ID,
  event_id: `evt_${n}`,
  event_type: 'session.completed',
  status: 'failed',
  attempts: 12,
  last_status_code: 500,
  last_error: 'Answered 500, not 2xx.',
  last_attempt_at: '2026-03-02T10:00:00.000Z',
  delivered_at: null,
  created_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  stubIdentityProvider();
  subscriptions = [subscription(SUB_ID, 'https://hooks.acme.test/argo')];
  deliveries = [delivery(1)];
});

function serve() {
  return mockApi({
    'GET /api/user/api-keys': () => json(200, []),
    'GET /api/accounts/webhooks': () => json(200, subscriptions),
    'POST /api/accounts/webhooks': ({ body }) => {
      const made = subscription('00000000-0000-4000-8000-0000000000a2', (body as { url: string }).url);
      subscriptions = [made, ...subscriptions];
      return json(201, { subscription: made, secret: SECRET });
    },
    [`GET /api/accounts/webhooks/${SUB_ID}/deliveries`]: () =>
      json(200, { items: deliveries, total: deliveries.length, page: 0, page_size: 10 }),
    [`POST /api/accounts/webhooks/${SUB_ID}/test`]: () => {
      const made = delivery(2, {
        event_type: 'webhook.test',
        status: 'delivered',
        attempts: 1,
        last_status_code: 200,
        last_error: null,
      });
      deliveries = [made, ...deliveries];
      return json(202, made);
    },
    'POST /api/accounts/webhook-deliveries/00000000-0000-4000-8000-0000000000d1/resend': () => {
      deliveries = deliveries.map((d) =>
        d.event_id === 'evt_1' ? { ...d, status: 'delivered', last_status_code: 200, last_error: null } : d,
      );
      return json(
        202,
        deliveries.find((d) => d.event_id === 'evt_1'),
      );
    },
    [`DELETE /api/accounts/webhooks/${SUB_ID}`]: () => {
      subscriptions = subscriptions.filter((s) => s.id !== SUB_ID);
      return json(204);
    },
  });
}

const section = async () => within(await screen.findByRole('region', { name: 'API & webhooks' }));

describe('webhooks in settings', () => {
  it('adds a subscription and shows its signing secret once', async () => {
    const sent = serve();
    renderPage(<ApiAccessSection />, { profile: makeProfile('admin') });
    const panel = await section();
    expect(await panel.findByRole('article', { name: 'Webhook https://hooks.acme.test/argo' })).toBeTruthy();
    fireEvent.change(panel.getByLabelText('Webhook URL', { exact: false }), {
      target: { value: 'https://crm.acme.test/in' },
    });
    fireEvent.click(panel.getByLabelText('session.failed'));
    fireEvent.click(panel.getByRole('button', { name: 'Add webhook' }));
    expect(await panel.findByText(SECRET)).toBeTruthy();
    expect(panel.getByText(/shows it only this once/)).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      url: 'https://crm.acme.test/in',
      events: ['session.completed', 'session.failed'],
    });
    expect(await panel.findByRole('article', { name: 'Webhook https://crm.acme.test/in' })).toBeTruthy();
  });

  it('shows the delivery log, sends a failed delivery again and sends a test event', async () => {
    const sent = serve();
    renderPage(<ApiAccessSection />, { profile: makeProfile('admin') });
    const panel = await section();
    const card = within(await panel.findByRole('article', { name: 'Webhook https://hooks.acme.test/argo' }));
    fireEvent.click(card.getByRole('button', { name: 'Deliveries' }));
    const log = await card.findByRole('table', { name: 'Deliveries' });
    expect(within(log).getByText('gave up')).toBeTruthy();
    expect(within(log).getByText('Answered 500, not 2xx.')).toBeTruthy();
    expect(within(log).getByText('12 attempts')).toBeTruthy();

    fireEvent.click(within(log).getByRole('button', { name: 'Send session.completed evt_1 again' }));
    await waitFor(() => expect(within(log).getByText('delivered')).toBeTruthy());

    fireEvent.click(card.getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(within(log).getByText('webhook.test')).toBeTruthy());
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/accounts/webhook-deliveries/00000000-0000-4000-8000-0000000000d1/resend',
      `/api/accounts/webhooks/${SUB_ID}/test`,
    ]);
  });

  it('deletes a subscription after asking, and says when nothing is subscribed', async () => {
    serve();
    renderPage(<ApiAccessSection />, { profile: makeProfile('admin') });
    const panel = await section();
    const card = within(await panel.findByRole('article', { name: 'Webhook https://hooks.acme.test/argo' }));
    fireEvent.click(card.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete webhook' }));
    expect(await panel.findByText(/No webhooks yet/)).toBeTruthy();
  });

  it("shows the API's refusal of a URL in its own words", async () => {
    mockApi({
      'GET /api/user/api-keys': () => json(200, []),
      'GET /api/accounts/webhooks': () => json(200, []),
      'POST /api/accounts/webhooks': () =>
        json(400, {
          error: {
            code: 'validation_failed',
            message: 'url: points to private (10/8), which Argo may not reach.',
            field: 'url',
          },
        }),
    });
    renderPage(<ApiAccessSection />, { profile: makeProfile('admin') });
    const panel = await section();
    await panel.findByText(/No webhooks yet/);
    fireEvent.change(panel.getByLabelText('Webhook URL', { exact: false }), {
      target: { value: 'http://10.0.0.1/' },
    });
    fireEvent.click(panel.getByRole('button', { name: 'Add webhook' }));
    expect((await panel.findByRole('alert')).textContent).toContain('private (10/8)');
  });
});

import type { Business } from '@argo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ids, makeInfo, SESSION_ID } from '../../../testing/factories';
import { json, type SentRequest } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { INFO, noSite, setUp } from './results-page.fixtures';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const BUSINESS = `/api/user/session/${SESSION_ID}/businesses/${noSite.id}`;
const CORRECTED_AT = '2026-12-02T10:04:00.000Z';

/** What the API answers once the kiosk's website and phone are corrected (and the website made enrichable). */
const corrected: Business = {
  ...noSite,
  website: 'http://127.0.0.1:8201/site-1/',
  domain: '127.0.0.1',
  websites: ['http://127.0.0.1:8201/site-1/'],
  phone: '+4930765432',
  phones: ['+4930765432'],
  enrichment_state: 'pending',
  corrections: [
    { field: 'website', corrected_by: { id: ids.me, name: 'Mia Me' }, corrected_at: CORRECTED_AT },
    { field: 'phone', corrected_by: { id: ids.me, name: 'Mia Me' }, corrected_at: CORRECTED_AT },
  ],
};

/** The results page with the kiosk's drawer open; the PUT refuses a bad website the way the API does. */
function openKiosk(access: 'owner' | 'view' = 'owner') {
  let current: Business = noSite;
  const handlers = {
    ...setUp(),
    [INFO]: () =>
      json(
        200,
        makeInfo({ status: 'completed', access, counts: { businesses: 2, by_enrichment_state: {} } }),
      ),
    [`GET ${BUSINESS}`]: () => json(200, current),
    [`PUT ${BUSINESS}`]: ({ body }: SentRequest) => {
      const { website } = body as { website?: string };
      if (website === 'htp:/not-a-url') {
        return json(400, {
          error: {
            code: 'validation_failed',
            field: 'website',
            message:
              'website: "htp:/not a url" is not a web address; write a web address such as https://example.com.',
          },
        });
      }
      current = corrected;
      return json(200, current);
    },
    'POST /api/enrichment/run': () =>
      json(202, { job_id: '00000000-0000-4000-8000-00000000f001', session: makeInfo({ status: 'queued' }) }),
  };
  return renderApp(`/results?session_id=${SESSION_ID}&business=${noSite.id}`, handlers);
}

const drawer = () => screen.findByTestId('business-details', {}, { timeout: 8_000 });

describe('correcting a business in the drawer', { timeout: 30_000 }, () => {
  it('sends only the changed fields, shows a bad website at its input, then who corrected what and when', async () => {
    const { sent } = openKiosk();
    const details = await drawer();
    fireEvent.click(await within(details).findByRole('button', { name: 'Edit details' }));
    const form = within(details).getByRole('form', { name: 'Correct details' });
    const website = within(form).getByRole('textbox', { name: 'Website' });
    fireEvent.change(website, { target: { value: 'htp:/not a url' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Phone' }), {
      target: { value: '030 765432' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save corrections' }));
    // A web address has no spaces: told at once, nothing sent.
    expect(await within(form).findByText(/A web address has no spaces/)).toBeTruthy();
    fireEvent.change(website, { target: { value: 'htp:/not-a-url' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save corrections' }));

    // The API's words beside the input, the form still open with what was typed.
    expect(await within(form).findByText(/is not a web address; write a web address such as/)).toBeTruthy();
    expect(website.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByRole('alert').textContent).toContain('fix the marked field');
    const puts = () => sent.filter((request) => request.method === 'PUT');
    expect(puts()).toHaveLength(1);
    expect(puts()[0]?.body).toEqual({ website: 'htp:/not-a-url', phone: '030 765432' });

    fireEvent.change(website, { target: { value: 'http://127.0.0.1:8201/site-1/' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save corrections' }));
    await waitFor(() => expect(within(details).queryByRole('form', { name: 'Correct details' })).toBeNull());
    expect(puts()[1]?.body).toEqual({ website: 'http://127.0.0.1:8201/site-1/', phone: '030 765432' });

    // Each corrected fact says so in place of its source.
    const contact = within(details).getByRole('region', { name: 'Contact and place' });
    const websiteFact = within(contact).getByText('Website', { selector: 'p' }).parentElement as HTMLElement;
    expect(within(websiteFact).getByRole('link').getAttribute('href')).toBe('http://127.0.0.1:8201/site-1/');
    // (The time is shown in the browser's time zone.)
    expect(within(websiteFact).getByTestId('fact-source').textContent).toMatch(
      /^corrected by Mia Me on 2 Dec 2026, \d\d:\d\d$/,
    );
    const phoneFact = within(contact).getByText('Phone', { selector: 'p' }).parentElement as HTMLElement;
    expect(within(phoneFact).getByTestId('fact-source').textContent).toMatch(/^corrected by Mia Me on /);

    // The corrected website is enrichable at once: "Enrich now" queues this business alone.
    fireEvent.click(within(details).getByRole('button', { name: 'Enrich now' }));
    await waitFor(() =>
      expect(sent.find((request) => request.path === '/api/enrichment/run')?.body).toEqual({
        session_id: SESSION_ID,
        types: ['unified'],
        business_ids: [noSite.id],
      }),
    );
    expect(await screen.findByText('Enrichment queued')).toBeTruthy();
  });

  it('says when nothing was changed, and sends nothing', async () => {
    const { sent } = openKiosk();
    const details = await drawer();
    fireEvent.click(await within(details).findByRole('button', { name: 'Edit details' }));
    fireEvent.click(within(details).getByRole('button', { name: 'Save corrections' }));
    expect(await within(details).findByText('Nothing was changed: edit a field, or cancel.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('offers no editing to a user with view access', async () => {
    openKiosk('view');
    const details = await drawer();
    // The session's info (and with it the user's access) has arrived: its name heads the page.
    await screen.findAllByText('Gyros in Plano', {}, { timeout: 8_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(within(details).queryByRole('button', { name: 'Edit details' })).toBeNull();
    expect(within(details).queryByRole('button', { name: 'Enrich now' })).toBeNull();
  });
});

import type { IcpProfile } from '@argo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ids } from '../../../testing/factories';
import { json, mockApi } from '../../../testing/fake-api';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { VentureProfiles } from './VentureProfiles';

const PROFILE_ID = '00000000-0000-4000-8000-0000000000f1';
const SESSION_ID = '00000000-0000-4000-8000-0000000000f2';

const dentists: IcpProfile = {
  id: PROFILE_ID,
  venture_id: ids.venture,
  session_id: SESSION_ID,
  name: 'Growing dental practices',
  criteria: {
    industries: ['Healthcare'],
    locations: ['Austin'],
    keywords: ['implants'],
    exclude_keywords: [],
    employee_min: 5,
    employee_max: 50,
    software_signals: ['WordPress'],
    hiring_signal: true,
  },
  size: 14,
  examples: [
    { business_id: '00000000-0000-4000-8000-0000000000f3', name: 'Plano Dental' },
    { business_id: '00000000-0000-4000-8000-0000000000f4', name: 'Smile Austin' },
  ],
  why: 'They hire and run WordPress sites that a bookkeeping plugin fits.',
  generated_by: 'builtin',
  created_at: '2026-02-01T10:00:00.000Z',
};

beforeEach(() => {
  stubIdentityProvider();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe("a venture's ICP profiles", { timeout: 60_000 }, () => {
  it('lists them with criteria, size, examples, why and who produced them', async () => {
    const sent = mockApi({ 'GET /api/icp/profiles': () => json(200, [dentists]) });
    renderPage(<VentureProfiles ventureId={ids.venture} />);

    const item = await screen.findByTestId('venture-profile');
    expect(within(item).getByText('Growing dental practices')).toBeTruthy();
    expect(within(item).getByText('14 businesses')).toBeTruthy();
    expect(sent[0]?.query.get('venture_id')).toBe(ids.venture);
    fireEvent.click(within(item).getByRole('button', { name: /Growing dental practices/ }));
    expect(await within(item).findByText(dentists.why, {}, { timeout: 5000 })).toBeTruthy();
    expect(within(item).getByText('Healthcare')).toBeTruthy();
    expect(within(item).getByText('5–50 employees')).toBeTruthy();
    expect(within(item).getByText('hiring')).toBeTruthy();
    expect(within(item).getByText('Plano Dental, Smile Austin')).toBeTruthy();
    expect(within(item).getByText(/Built-in analysis/)).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'From this session' }).getAttribute('href')).toBe(
      `/results?session_id=${SESSION_ID}`,
    );
  });

  it('edits the name, why and criteria with PUT, and deletes after asking', async () => {
    let profiles = [dentists];
    const sent = mockApi({
      'GET /api/icp/profiles': () => json(200, profiles),
      [`PUT /api/icp/profiles/${PROFILE_ID}`]: ({ body }) => {
        profiles = [{ ...dentists, ...(body as Partial<IcpProfile>) }];
        return json(200, profiles[0]);
      },
      [`DELETE /api/icp/profiles/${PROFILE_ID}`]: () => {
        profiles = [];
        return json(204);
      },
    });
    renderPage(<VentureProfiles ventureId={ids.venture} />);

    fireEvent.click(await screen.findByRole('button', { name: /Growing dental practices/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile Growing dental practices' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Dental practices that hire' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Why they fit' }), {
      target: { value: 'Hiring means growth.' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Does not matter' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Dental practices that hire')).toBeTruthy();
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({
      name: 'Dental practices that hire',
      why: 'Hiring means growth.',
      criteria: { ...dentists.criteria, hiring_signal: null },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete profile Dental practices that hire' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this ICP profile?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete profile' }));
    expect(
      await screen.findByText('No ICP profiles yet: create them on the ICP tab of a session’s results.'),
    ).toBeTruthy();
    await waitFor(() => expect(sent.some((request) => request.method === 'DELETE')).toBe(true));
  });

  it('says a profile is no longer there when a rename or a delete answers 404, and refreshes the list', async () => {
    const other: IcpProfile = { ...dentists, id: '00000000-0000-4000-8000-0000000000f5', name: 'Law firms' };
    let profiles = [dentists, other];
    const gone = () => json(404, { error: { code: 'not_found', message: 'ICP profile was not found.' } });
    const sent = mockApi({
      'GET /api/icp/profiles': () => json(200, profiles),
      [`PUT /api/icp/profiles/${PROFILE_ID}`]: () => {
        profiles = [other];
        return gone();
      },
      [`DELETE /api/icp/profiles/${other.id}`]: () => {
        profiles = [];
        return gone();
      },
    });
    renderPage(<VentureProfiles ventureId={ids.venture} />);

    fireEvent.click(await screen.findByRole('button', { name: /Growing dental practices/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile Growing dental practices' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(
      /^This profile is no longer there: it was deleted, replaced when profiles were made again from its session, or that session is no longer shared with you/,
    );
    await waitFor(() => expect(screen.getAllByTestId('venture-profile')).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(await screen.findByRole('button', { name: /Law firms/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete profile Law firms' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this ICP profile?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete profile' }));
    expect(await within(confirm).findByText(/This profile is no longer there/)).toBeTruthy();
    expect(
      await screen.findByText('No ICP profiles yet: create them on the ICP tab of a session’s results.'),
    ).toBeTruthy();
    expect(sent.filter((request) => request.path === '/api/icp/profiles')).toHaveLength(3);
  });

  it('says when there are none, and when they cannot be loaded', async () => {
    mockApi({ 'GET /api/icp/profiles': () => json(500, { error: { code: 'internal', message: 'Boom' } }) });
    renderPage(<VentureProfiles ventureId={ids.venture} />);
    expect(await screen.findByText(/The profiles could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

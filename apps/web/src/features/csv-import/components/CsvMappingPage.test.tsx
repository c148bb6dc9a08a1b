import { IMPORT_FIELDS } from '@argo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeInfo, SESSION_ID } from '../../../testing/factories';
import { json } from '../../../testing/fake-api';
import { choose } from '../../../testing/mantine-select';
import { renderApp } from '../../../testing/render-app';
import { mapPreviewRows } from '../mapping';

const INFO = `GET /api/user/session/${SESSION_ID}/info`;
const MAPPING = `POST /api/discovery/import/${SESSION_ID}/mapping`;

const headers = ['title', 'website', 'phone', 'complete_address', 'emails', 'category'];
/** No column mapped to any field. */
const unmapped = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, null]));
const automatic = {
  ...unmapped,
  name: 'title',
  website: 'website',
  phone: 'phone',
  address: 'complete_address',
  category: 'category',
};

/** A draft import as the API keeps it after the upload: the preview's fields and the automatic mapping. */
const draft = () =>
  makeInfo({
    status: 'draft',
    input: {
      file_name: 'gyros.csv',
      size: 2048,
      encoding: 'utf-8',
      delimiter: ',',
      headers,
      rows: [
        [
          'The Gyro Shop',
          'https://thegyroshoptx.com',
          '(469) 287-2159',
          '8549 Gaylord Pkwy, Frisco',
          'hi@gyro.test',
          'Gyro restaurant',
        ],
        ['Soulard Gyro', '', '(972) 555-0101', '4701 W Park Blvd, Plano', '', 'Mediterranean restaurant'],
      ],
      row_count: 73,
      mapping: automatic,
    },
  });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the column mapping screen', () => {
  it('reads the stored preview, shows the automatic mapping, and sends the edited one', async () => {
    const handlers = {
      [INFO]: () => json(200, draft()),
      [MAPPING]: () => json(202, { ...draft(), status: 'queued' }),
    };
    const { router, sent } = renderApp(`/csv-mapping?session_id=${SESSION_ID}`, handlers);

    expect(await screen.findByRole('heading', { name: 'Map the columns' })).toBeTruthy();
    expect(screen.getByText(/gyros\.csv · 73 rows · comma separated · utf-8/)).toBeTruthy();
    const nameSelect = screen.getByRole('combobox', { name: /Business name/ });
    expect((nameSelect as HTMLInputElement).value).toBe('title');
    expect((screen.getByRole('combobox', { name: 'Email' }) as HTMLInputElement).value).toBe(
      '— not imported —',
    );

    // The file as read: its headers and first rows.
    const file = screen.getByRole('table', { name: 'File preview' });
    expect(within(file).getByText('complete_address')).toBeTruthy();
    expect(within(file).getByText('Soulard Gyro')).toBeTruthy();

    // Email from "emails", phone not imported: the live preview follows.
    await choose(screen.getByRole('combobox', { name: 'Email' }), 'emails');
    await choose(screen.getByRole('combobox', { name: 'Phone' }), '— not imported —');
    const mapped = screen.getByRole('table', { name: 'Mapped preview' });
    expect(within(mapped).getByRole('columnheader', { name: 'Email' })).toBeTruthy();
    expect(within(mapped).queryByRole('columnheader', { name: 'Phone' })).toBeNull();
    expect(within(mapped).getByText('hi@gyro.test')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Import 73 rows' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/processing'));
    expect(router.state.location.search).toEqual({ session_id: SESSION_ID });
    const posted = sent.find((request) => request.method === 'POST');
    expect(posted?.path).toBe(`/api/discovery/import/${SESSION_ID}/mapping`);
    expect(posted?.body).toEqual({ mapping: { ...automatic, email: 'emails', phone: null } });
  });

  it('shows a number column as the number it is stored as, and other columns as written', () => {
    const preview = {
      headers: ['title', 'review_rating', 'latitude', 'zip'],
      rows: [
        ['Zorba’s', '4.400000', '33.102935', '07030'],
        ['Sofra', '4,5', ' -96.80 ', '75093'],
      ],
      row_count: 2,
    };
    const mapping = {
      ...unmapped,
      name: 'title',
      rating: 'review_rating',
      lat: 'latitude',
      postal_code: 'zip',
    } as Parameters<typeof mapPreviewRows>[1];
    const { rows } = mapPreviewRows(preview as Parameters<typeof mapPreviewRows>[0], mapping);
    expect(rows.map((row) => [row.rating, row.lat, row.postal_code])).toEqual([
      ['4.4', '33.102935', '07030'],
      ['4,5', '-96.8', '75093'],
    ]);
  });

  it('tells which rows cannot be read before the import starts, and none when all can', async () => {
    const withUnreadable = draft();
    Object.assign(withUnreadable.input as Record<string, unknown>, {
      unreadable_rows: [
        {
          line: 2,
          reason:
            'a quote (") opened on this line is never closed, so this line and the one after it could not be read',
        },
      ],
      unreadable_count: 1,
    });
    renderApp(`/csv-mapping?session_id=${SESSION_ID}`, { [INFO]: () => json(200, withUnreadable) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('1 row of this file cannot be read')).toBeTruthy();
    expect(
      within(alert).getByText(/^Line 2: a quote \("\) opened on this line is never closed/),
    ).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'upload it again' }).getAttribute('href')).toBe('/');
  });

  it('says in words that an upload deleted since is gone, without the server’s message', async () => {
    renderApp(`/csv-mapping?session_id=${SESSION_ID}`, {
      [INFO]: () => json(404, { error: { code: 'not_found', message: 'Session was not found.' } }),
    });
    expect(await screen.findByText('This session was deleted, or is not shared with you')).toBeTruthy();
    expect(screen.queryByText(/Server error/)).toBeNull();
  });

  it('says nothing of unreadable rows when every row reads', async () => {
    renderApp(`/csv-mapping?session_id=${SESSION_ID}`, { [INFO]: () => json(200, draft()) });
    expect(await screen.findByRole('heading', { name: 'Map the columns' })).toBeTruthy();
    expect(screen.queryByText(/cannot be read/)).toBeNull();
  });

  it('requires a column for the business name', async () => {
    const { sent } = renderApp(`/csv-mapping?session_id=${SESSION_ID}`, { [INFO]: () => json(200, draft()) });
    await choose(await screen.findByRole('combobox', { name: /Business name/ }), '— not imported —');
    expect(screen.getByText('Choose the column with the business names')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Import 73 rows' });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(button);
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
  });

  it('shows why the API refused the mapping', async () => {
    renderApp(`/csv-mapping?session_id=${SESSION_ID}`, {
      [INFO]: () => json(200, draft()),
      [MAPPING]: () =>
        json(409, {
          error: {
            code: 'conflict',
            message: 'Cannot import a session that is queued; allowed now: cancel, update',
          },
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Import 73 rows' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Cannot import a session that is queued/)).toBeTruthy();
  });

  it('sends an import that has started to its progress instead of mapping it again', async () => {
    renderApp(`/csv-mapping?session_id=${SESSION_ID}`, {
      [INFO]: () => json(200, { ...draft(), status: 'running', stage: 'importing' }),
    });
    expect(await screen.findByText('Nothing to map')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See its progress' }).getAttribute('href')).toBe(
      `/processing?session_id=${SESSION_ID}`,
    );
  });
});

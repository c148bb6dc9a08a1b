import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ids, makeInfo, makeSession, SESSION_ID } from '../../../testing/factories';
import { json } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { VENTURE_CHOICE_KEY } from '../venture-choice';

const venture = {
  venture_id: ids.venture,
  account_id: ids.account,
  name: 'Dental Cloud',
  website: null,
  description: null,
  value_proposition: null,
  icp: {
    industries: [],
    locations: [],
    keywords: [],
    exclude_keywords: [],
    employee_min: null,
    employee_max: null,
    software_signals: [],
    hiring_signal: null,
  },
  people: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function startHandlers(sessions = [] as ReturnType<typeof makeSession>[]) {
  return {
    'GET /api/ventures/all': () => json(200, [venture]),
    'GET /api/users/sessions': () =>
      json(200, { items: sessions, total: sessions.length, page: 0, page_size: 5 }),
    'POST /api/discovery/scrape': () => json(202, makeSession({ id: SESSION_ID, status: 'queued' })),
    'POST /api/discovery/competitor-customers': () =>
      json(202, makeSession({ id: SESSION_ID, type: 'competitors', status: 'queued' })),
    [`GET /api/user/session/${SESSION_ID}/info`]: () => json(200, makeInfo({ status: 'queued' })),
  };
}

/** XMLHttpRequest answered by the test: the upload reports progress, then `answer`. */
class FakeUpload {
  static answer = { status: 201, body: {} as unknown };
  static sent: { url: string; headers: Record<string, string>; body: FormData }[] = [];
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    FakeUpload.sent.push({ url: this.url, headers: this.headers, body });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = FakeUpload.answer.status;
      this.responseText = JSON.stringify(FakeUpload.answer.body);
      this.onload?.();
    }, 10);
  }
  abort() {
    this.onabort?.();
  }
}

function pickFile(file: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  FakeUpload.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});
afterEach(() => {
  window.localStorage.clear();
});

describe('the start screen', () => {
  it('starts a search for the remembered venture and moves on to its progress', async () => {
    window.localStorage.setItem(VENTURE_CHOICE_KEY, ids.venture);
    const { router, sent } = renderApp('/', startHandlers());
    expect(await screen.findByRole('heading', { level: 1, name: 'Start a discovery' })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /Venture/ }) as HTMLInputElement).value).toBe(
        'Dental Cloud',
      ),
    );
    expect(screen.getByText('OpenStreetMap contributors')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Find businesses' });
    fireEvent.change(within(form).getByRole('combobox', { name: /Category/ }), {
      target: { value: 'dentist' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Location/ }), {
      target: { value: ' Austin, TX ' },
    });
    expect(within(form).getByText('Saved as “Dentists in Austin, TX”')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Find businesses' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/discovery-processing'));
    expect(router.state.location.search).toEqual({ session_id: SESSION_ID });
    expect(sent.find((request) => request.path === '/api/discovery/scrape')?.body).toEqual({
      name: 'Dentists in Austin, TX',
      venture_id: ids.venture,
      query: 'dentist',
      location: 'Austin, TX',
      limit: 500,
    });
  });

  it('starts with the only venture when none was picked in this browser yet', async () => {
    renderApp('/', startHandlers());
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /Venture/ }) as HTMLInputElement).value).toBe(
        'Dental Cloud',
      ),
    );
  });

  it('checks the competitor websites before sending them, without a venture', async () => {
    // "No venture", picked before in this browser, is remembered too.
    window.localStorage.setItem(VENTURE_CHOICE_KEY, 'none');
    const { router, sent } = renderApp('/', startHandlers());
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /Venture/ }) as HTMLInputElement).value).toBe(
        'No venture',
      ),
    );
    const form = await screen.findByRole('form', { name: 'Competitors’ customers' });
    const urls = within(form).getByRole('textbox', { name: /Competitor websites/ });
    fireEvent.change(urls, { target: { value: 'rival.io\nnot a site' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Find their customers' }));
    expect(await within(form).findByText('Not a web address: not, a, site')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(urls, { target: { value: 'rival.io\nhttps://www.acme-dental.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Find their customers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discovery-processing'));
    expect(sent.find((request) => request.path === '/api/discovery/competitor-customers')?.body).toEqual({
      name: 'Customers of rival.io and 1 more',
      venture_id: null,
      competitor_urls: ['rival.io', 'https://www.acme-dental.com'],
    });
  });

  it('uploads a CSV as multipart and shows a refusal for a file that is too large', async () => {
    FakeUpload.answer = {
      status: 413,
      body: {
        error: {
          code: 'payload_too_large',
          message: 'The file is larger than 20 MB. Split it into smaller files and upload each.',
          field: 'file',
        },
      },
    };
    const { router } = renderApp('/', startHandlers());
    await screen.findByRole('heading', { name: 'Import CSV' });
    expect(screen.getByText(/Up to 20 MB/)).toBeTruthy();
    pickFile(new File(['title,phone\nThe Gyro Shop,469-287-2159\n'], 'gyros.csv', { type: 'text/csv' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload and map columns' }));
    expect(await screen.findByText(/The file is larger than 20 MB\. Split it/)).toBeTruthy();
    const [upload] = FakeUpload.sent;
    if (!upload) throw new Error('nothing was uploaded');
    expect(upload.url).toBe('/api/discovery/import');
    expect(upload.headers.Authorization).toBe('Bearer id-token');
    expect((upload.body.get('file') as File).name).toBe('gyros.csv');
    expect(upload.body.get('name')).toBe('gyros');

    FakeUpload.answer = {
      status: 201,
      body: {
        session: makeSession({ id: SESSION_ID, type: 'import', status: 'draft' }),
        preview: {},
        mapping: {},
      },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Upload and map columns' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/csv-mapping'));
    expect(router.state.location.search).toEqual({ session_id: SESSION_ID });
  });

  it('shows the refusal of a file with too many columns in the words of the API', async () => {
    const message =
      'The file has 180,000 columns; Argo reads at most 1,000. Remove the columns you do not need and upload again.';
    FakeUpload.answer = {
      status: 400,
      body: { error: { code: 'validation_failed', message: `file: ${message}`, field: 'file' } },
    };
    renderApp('/', startHandlers());
    await screen.findByRole('heading', { name: 'Import CSV' });
    pickFile(new File(['a,b\n1,2\n'], 'wide.csv', { type: 'text/csv' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload and map columns' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Upload failed')).toBeTruthy();
    expect(within(alert).getByText(message, { exact: true })).toBeTruthy();
  });

  it('links each recent session to where it is best looked at now', async () => {
    const draft = makeSession({ name: 'Uploaded list', type: 'import', status: 'draft' });
    const running = makeSession({ name: 'Plumbers in Leeds', status: 'running', stage: 'discovering' });
    const done = makeSession({ name: 'Bakeries in Lyon', status: 'completed' });
    renderApp('/', startHandlers([draft, running, done]));
    const href = async (name: string) => (await screen.findByRole('link', { name })).getAttribute('href');
    expect(await href('Uploaded list')).toBe(`/csv-mapping?session_id=${draft.id}`);
    expect(await href('Plumbers in Leeds')).toBe(`/discovery-processing?session_id=${running.id}`);
    expect(await href('Bakeries in Lyon')).toBe(`/results?session_id=${done.id}`);
  });
});

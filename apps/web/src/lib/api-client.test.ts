import { routes } from '@argo/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, callApi, configureApiClient, downloadExport, readFileName } from './api-client';

const auth = vi.hoisted(() => ({ token: null as string | null }));
vi.mock('./auth/auth', () => ({ getIdToken: async () => auth.token }));

const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body?: unknown, init: ResponseInit = {}) {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  fetchMock.mockResolvedValueOnce(new Response(text, { status, ...init }));
}

function lastRequest() {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
}

beforeEach(() => {
  auth.token = null;
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  window.history.replaceState(null, '', '/results');
});

afterEach(() => {
  fetchMock.mockReset();
});

describe('apiFetch', () => {
  it('answers an empty list for 204', async () => {
    respond(204);
    await expect(apiFetch('users/sessions/1/cancel', { method: 'POST' })).resolves.toEqual([]);
  });

  it('unwraps a { body } envelope, and leaves objects that merely have a body field alone', async () => {
    respond(200, { body: { id: 'u1' } });
    await expect(apiFetch('users/me')).resolves.toEqual({ id: 'u1' });
    respond(200, { subject: 'Hi', body: 'Hello' });
    await expect(apiFetch('icp/generate_content')).resolves.toEqual({ subject: 'Hi', body: 'Hello' });
  });

  it('sends JSON with the ID token as bearer, under /api, with the query string', async () => {
    auth.token = 'id-token';
    respond(200, []);
    await apiFetch('/admin/users', {
      query: { page: 0, search: 'ann', role: undefined, filters: { city: 'Oslo' } },
    });
    const { url, headers } = lastRequest();
    expect(url).toBe('/api/admin/users?page=0&search=ann&filters=%7B%22city%22%3A%22Oslo%22%7D');
    expect(headers.get('Authorization')).toBe('Bearer id-token');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('falls back to the argo-token session token, kept in sessionStorage', async () => {
    respond(200, {});
    await apiFetch('discovery/scrape', { method: 'POST', body: { query: 'dentist' } });
    const token = sessionStorage.getItem('argo-token');
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(lastRequest().headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(lastRequest().init.body).toBe('{"query":"dentist"}');
  });

  it('lets FormData set its own content type', async () => {
    respond(200, {});
    const formData = new FormData();
    formData.append('file', new Blob(['a,b']), 'list.csv');
    await apiFetch('users/create_session', { method: 'POST', formData });
    expect(lastRequest().headers.has('Content-Type')).toBe(false);
    expect(lastRequest().init.body).toBe(formData);
  });

  it('throws "Server error (status): message" from our error shape, with status and data, and logs it', async () => {
    const data = { error: { code: 'conflict', message: 'The session is running.', field: null } };
    respond(409, data, { statusText: 'Conflict' });
    const error = await apiFetch('users/sessions/1', { method: 'DELETE' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Server error (409): The session is running.',
      status: 409,
      data,
      code: 'conflict',
    });
    expect(console.error).toHaveBeenCalledWith(
      'Server error (409): The session is running.',
      expect.anything(),
    );
  });

  it('falls back to { message }, then the status text, then "Unknown error"', async () => {
    respond(400, { message: 'Bad filter' });
    await expect(apiFetch('x')).rejects.toThrow('Server error (400): Bad filter');
    respond(502, 'not json', { statusText: 'Bad Gateway' });
    await expect(apiFetch('x')).rejects.toThrow('Server error (502): Bad Gateway');
    respond(500);
    await expect(apiFetch('x')).rejects.toThrow('Server error (500): Unknown error');
  });

  it('sends a 401 to /logout, but not when already on /login or /logout', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    respond(401);
    await expect(apiFetch('users/me')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    for (const path of ['/login', '/logout']) {
      window.history.replaceState(null, '', path);
      respond(401);
      await expect(apiFetch('users/me')).rejects.toMatchObject({ status: 401 });
    }
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('passes the reason of a 401 that ended the sign-in, so /login can say it', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    respond(401, {
      error: {
        code: 'unauthenticated',
        message: 'You were signed out (this sign-in was ended). Sign in again.',
      },
    });
    await expect(apiFetch('users/me')).rejects.toMatchObject({ status: 401 });
    respond(401, { error: { code: 'unauthenticated', message: 'Sign in to continue.' } });
    await expect(apiFetch('users/me')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized.mock.calls).toEqual([['session-ended'], [undefined]]);
  });
});

describe('callApi', () => {
  it('fills path parameters and uses the route method', async () => {
    respond(200, { id: 'u 1' });
    await callApi(routes.usersGet, { params: { id: 'a b' } });
    expect(lastRequest().url).toBe('/api/users/a%20b');
    expect(lastRequest().init.method).toBe('GET');
  });
});

describe('downloadExport', () => {
  it('needs a login token', async () => {
    await expect(downloadExport('s1')).rejects.toThrow('Authentication required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a failed answer with status and status text, and a failed request plainly', async () => {
    auth.token = 't';
    respond(403, 'no', { statusText: 'Forbidden' });
    await expect(downloadExport('s1')).rejects.toThrow('Export failed: 403 Forbidden');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(downloadExport('s1')).rejects.toThrow(/^Export failed$/);
  });

  it('downloads the CSV under the name from Content-Disposition', async () => {
    auth.token = 't';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    respond(200, 'name\nAcme', { headers: { 'Content-Disposition': 'attachment; filename="dentists.csv"' } });
    await expect(downloadExport('s1', { search: 'oslo' })).resolves.toBe('dentists.csv');
    expect(lastRequest().url).toBe('/api/user/session/s1/export?search=oslo');
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer t');
    expect(click).toHaveBeenCalledTimes(1);
  });
});

describe('readFileName', () => {
  it.each([
    [null, 'session_export.csv'],
    ['attachment', 'session_export.csv'],
    ['attachment; filename="a b.csv"', 'a b.csv'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ['attachment; filename="x.csv"; filename*=UTF-8\'\'Z%C3%BCrich%20shops.csv', 'Zürich shops.csv'],
  ])('%s → %s', (header, name) => {
    expect(readFileName(header)).toBe(name);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, buildUrl, toApiError } from './api-client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    clearCookies();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearCookies();
  });

  it('sends the csrftoken cookie as X-CSRFToken on POST, PUT and DELETE, with same-origin credentials', async () => {
    document.cookie = 'other=1; path=/';
    document.cookie = 'csrftoken=tok%2Ben-123; path=/';
    fetchMock.mockImplementation(async () => jsonResponse(200, { ok: true }));

    await apiClient.post('/sessions/', { email: 'a@b.co', password: 'x' });
    await apiClient.put('/users/', { name: 'A' });
    await apiClient.delete('/sessions');

    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/sessions/');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'x' }));
    const headers = init?.headers as Record<string, string>;
    expect(headers['X-CSRFToken']).toBe('tok+en-123');
    expect(headers['Content-Type']).toBe('application/json');
    for (const call of fetchMock.mock.calls.slice(1)) {
      expect((call[1]?.headers as Record<string, string>)['X-CSRFToken']).toBe('tok+en-123');
    }
    expect(fetchMock.mock.calls[2]?.[0]).toBe('/api/sessions');
    expect(fetchMock.mock.calls[2]?.[1]?.method).toBe('DELETE');
  });

  it('sends no CSRF header on GET and puts params in the query string', async () => {
    document.cookie = 'csrftoken=abc; path=/';
    fetchMock.mockResolvedValue(jsonResponse(200, [{ id: 1 }]));

    const data = await apiClient.get('/projects/', { params: { state: 'D', name: 'sofa cushions', empty: '' } });

    expect(data).toEqual([{ id: 1 }]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/projects/?state=D&name=sofa+cushions');
    expect((init?.headers as Record<string, string>)['X-CSRFToken']).toBeUndefined();
    expect(init?.credentials).toBe('same-origin');
  });

  it('obtains the CSRF cookie with a GET first when a write comes before any GET', async () => {
    fetchMock.mockImplementation(async (input) => {
      if (input === '/api/users/') {
        document.cookie = 'csrftoken=fresh; path=/';
        return jsonResponse(200, { email: '' });
      }
      return jsonResponse(200, {});
    });

    await apiClient.post('/users/', { email: 'a@b.co' });

    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/users/', '/api/users/']);
    expect((fetchMock.mock.calls[1]?.[1]?.headers as Record<string, string>)['X-CSRFToken']).toBe('fresh');
  });

  it('maps a validation failure to { status, message, problems }', async () => {
    document.cookie = 'csrftoken=abc; path=/';
    const problems = [{ field: 'password', message: 'Password is too short.' }];
    fetchMock.mockResolvedValue(jsonResponse(400, { status: 400, message: 'Password is too short.', problems }));

    const error = await apiClient.post('/users/', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Password is too short.', problems });
  });

  it('keeps the server message and status of other failures, without problems', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { status: 401, message: 'Invalid e-mail or password.' }));
    const error = (await apiClient.get('/users/').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 401, message: 'Invalid e-mail or password.' });
    expect(error.problems).toBeUndefined();
  });

  it('gives a readable message when the body is not the error shape', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await expect(apiClient.get('/projects/')).rejects.toMatchObject({ status: 502, message: 'Request failed (502).' });
    expect(toApiError(409, null)).toMatchObject({ status: 409, message: 'This was changed by someone else. Reload and try again.' });
  });

  it('maps a network failure to status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiClient.get('/projects/')).rejects.toMatchObject({
      status: 0,
      message: 'Could not reach the server. Check your connection and try again.',
    });
  });

  it('sends a fresh Idempotency-Key with each write, none with a read', async () => {
    document.cookie = 'csrftoken=abc; path=/';
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    await apiClient.post('/projects/', { name: 'A' });
    await apiClient.post('/projects/', { name: 'A' });
    await apiClient.get('/projects/');
    const keys = fetchMock.mock.calls.map((call) => (call[1]?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBeUndefined();
  });

  it('sends a write whose answer never came once more, with the same key', async () => {
    document.cookie = 'csrftoken=abc; path=/';
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(jsonResponse(201, { id: 'p1' }));
    await expect(apiClient.post('/projects/', { name: 'A' })).resolves.toEqual({ id: 'p1' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [first, second] = fetchMock.mock.calls.map((call) => call[1]);
    expect((second?.headers as Record<string, string>)['Idempotency-Key']).toBe((first?.headers as Record<string, string>)['Idempotency-Key']);
    expect(second?.body).toBe(first?.body);
  });

  it('gives up after the retry, and does not retry a read', async () => {
    document.cookie = 'csrftoken=abc; path=/';
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiClient.put('/projects/p1/', { name: 'A' })).rejects.toMatchObject({ status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    fetchMock.mockClear();
    await expect(apiClient.get('/projects/')).rejects.toMatchObject({ status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('answers undefined for 204 No Content', async () => {
    document.cookie = 'csrftoken=abc; path=/';
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiClient.delete('/sessions')).resolves.toBeUndefined();
  });

  it('builds URLs under /api', () => {
    expect(buildUrl('stats/rolling_revenue/', { days: 30 })).toBe('/api/stats/rolling_revenue/?days=30');
    expect(buildUrl('/stats/production_revenue/', { states: 'P,I' })).toBe('/api/stats/production_revenue/?states=P%2CI');
  });
});

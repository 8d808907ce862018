/**
 * A tiny cookie-keeping HTTP client for integration tests: it behaves like the web app,
 * echoing the `csrftoken` cookie in the `X-CSRFToken` header on writes.
 */
export class ApiClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  /** The same session (cookies) against another process, e.g. a query-api after logging in on a command-api. */
  pointedAt(baseUrl: string): ApiClient {
    const copy = new ApiClient(baseUrl);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  /** The Cookie header this client sends (for load generators that replay a session). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get csrfToken(): string | undefined {
    return this.cookies.get('csrftoken');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const isForm = body instanceof FormData;
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: {
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(this.csrfToken && method !== 'GET' ? { 'x-csrftoken': this.csrfToken } : {}),
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    this.keepCookies(response);
    const text = response.headers.get('content-type')?.startsWith('text/event-stream') ? await firstMessages(response) : await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: json as any };
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', path, body ?? {}, headers);
  put = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('PUT', path, body ?? {}, headers);
  delete = (path: string, headers?: Record<string, string>) => this.request('DELETE', path, undefined, headers);

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** An event stream (GET /api/live/) never ends by itself: what it sent up to its `ready` message. */
async function firstMessages(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!/event: ready\n.*\n\n/.test(text)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

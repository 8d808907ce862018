/** One Server-Sent Events message as GET /api/live/ sends it. */
export interface LiveMessage {
  id: string | null;
  event: string;
  data: any;
}

/**
 * A Server-Sent Events reader over fetch for tests and benchmarks: it keeps every message of
 * one GET /api/live/ response and lets a test wait for one, as a browser's EventSource would
 * receive them (without reconnecting by itself).
 */
export class LiveClient {
  readonly messages: LiveMessage[] = [];
  /** Called with each message as it arrives (benchmarks stamp them). */
  onMessage: (message: LiveMessage) => void = () => undefined;
  private waiters: Array<() => void> = [];
  private ended = false;

  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {}

  /** Opens the stream; a refusal (non-200) is returned as the response with its JSON body read. */
  static async open(url: string, cookie: string, lastEventId?: string, headers: Record<string, string> = {}): Promise<LiveClient | { status: number; body: any }> {
    const controller = new AbortController();
    const response = await fetch(url, {
      headers: { cookie, accept: 'text/event-stream', ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }), ...headers },
      signal: controller.signal,
    });
    if (response.status !== 200) {
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // A proxy's error page (a process that is down): kept as text.
      }
      return { status: response.status, body };
    }
    const client = new LiveClient(response, controller);
    void client.read();
    return client;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** The id of the newest message that carried one (what a browser would send as Last-Event-ID). */
  get lastEventId(): string | undefined {
    return this.messages.findLast((message) => message.id !== null)?.id ?? undefined;
  }

  changes(): any[] {
    return this.messages.filter((message) => message.event === 'change').map((message) => message.data);
  }

  /** Resolves with the first message matching, waiting for it up to `timeoutMs`. */
  async waitFor(match: (message: LiveMessage) => boolean, timeoutMs = 15_000): Promise<LiveMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      if (this.ended) throw new Error(`the stream ended without the message awaited; got ${JSON.stringify(this.messages)}`);
      if (Date.now() > deadline) throw new Error(`no such message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 250);
      });
    }
  }

  /** Resolves when the server has ended the stream. */
  async waitForEnd(timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error(`the stream was still open after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  close(): void {
    this.abort.abort();
  }

  private async read(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of this.response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by close(), or the server went away: either way the stream has ended.
    }
    this.ended = true;
    this.notify();
  }

  private take(block: string): void {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return;
    const message = { id, event, data: JSON.parse(data.join('\n')) };
    this.messages.push(message);
    this.onMessage(message);
    this.notify();
  }

  private notify(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

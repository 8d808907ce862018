import type { Response } from 'express';
import type { Viewer } from './audience.js';

/** A client that reads too slowly for this much unsent data is cut off; it resumes by Last-Event-ID. */
const MAX_UNSENT_BYTES = 1 << 20;

/** One open `GET /api/live/` response and who holds it. */
export class LiveStream {
  /** Position of the newest change this client has been sent (or told it is past). */
  lastSent: number;
  /** While the changes it missed are being read, new ones wait here (so ids only go up). */
  waiting: string[] | null = [];
  private ended = false;

  constructor(
    private readonly res: Response,
    readonly sessionId: string,
    public viewer: Viewer,
    from: number,
    private readonly onEnd: (stream: LiveStream) => void,
  ) {
    this.lastSent = from;
    res.on('close', () => this.end());
  }

  get open(): boolean {
    return !this.ended;
  }

  /** Writes SSE text (one or more messages); queued while catching up. */
  write(text: string): void {
    if (this.ended || text === '') return;
    if (this.waiting) {
      this.waiting.push(text);
      return;
    }
    this.res.write(text);
    if (this.res.writableLength > MAX_UNSENT_BYTES) this.end();
  }

  /** Sends what the client missed, then what waited meanwhile, then writes straight through. */
  caughtUp(missed: string): void {
    const waiting = this.waiting ?? [];
    this.waiting = null;
    this.write(missed + waiting.join(''));
  }

  /** Tells the client why (it then does not reconnect) and closes the response. */
  close(reason: string): void {
    if (this.ended) return;
    this.waiting = null;
    this.res.write(sseMessage('closed', { reason }));
    this.end();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.res.end();
    this.onEnd(this);
  }
}

/** One Server-Sent Events message. */
export function sseMessage(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

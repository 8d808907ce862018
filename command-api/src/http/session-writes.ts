import { AsyncLocalStorage } from 'node:async_hooks';
import type { Request } from 'express';
import { type Clock, type EventStore, type NewEvent, type ReadAllOptions, type SubscribeOptions, type WholeLogOptions } from '@shop/infra';
import { recordSessionWrite } from '@shop/http-shell';

/**
 * Session consistency (docs/decisions/0210), the writing half: every append made while serving a
 * request is noted in that request's session (stream and revision), whichever route or command
 * made it, so the session's next reads wait for it. The request is found through async context
 * rather than handed down, since the routes reach the store through deps built once at start.
 */
const servingRequest = new AsyncLocalStorage<Request>();

/** The request whose route handler is running now (in its async context), if any. */
export function servingRequestNow(): Request | undefined {
  return servingRequest.getStore();
}

/** Handlers running inside `withSessionWrites` now. */
let serving = 0;

/**
 * Runs a route's handler with its request as the one its appends are noted in. The async context
 * is switched off again when no handler is running: while it is on, Node runs a hook on every
 * promise the process makes, and the reads served beside the commands (a whole shop in one
 * process) paid for it on every request (issue 34's profile).
 */
export async function withSessionWrites<T>(req: Request, handle: () => Promise<T>): Promise<T> {
  serving++;
  try {
    return await servingRequest.run(req, handle);
  } finally {
    if (--serving === 0) servingRequest.disable();
  }
}

/** The event store the routes write through: appends made inside `withSessionWrites` are noted in that session. */
export class SessionNotingEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly clock: Clock,
  ) {}

  async appendToStream(streamId: string, events: NewEvent[], options?: Parameters<EventStore['appendToStream']>[2]) {
    const result = await this.inner.appendToStream(streamId, events, options);
    // Set on the request's session object: express-session saves it before the answer's last byte goes out.
    const session = servingRequest.getStore()?.session;
    if (session) recordSessionWrite(session, streamId, result.nextRevision, this.clock.now().getTime());
    return result;
  }

  readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }) {
    return this.inner.readStream(streamId, options);
  }

  readAll(options?: ReadAllOptions) {
    return this.inner.readAll(options);
  }

  readAllPages(options?: ReadAllOptions) {
    return this.inner.readAllPages(options);
  }

  readLog(options?: WholeLogOptions) {
    return this.inner.readLog(options);
  }

  countLog(options?: WholeLogOptions) {
    return this.inner.countLog(options);
  }

  subscribeToAll(options: SubscribeOptions) {
    return this.inner.subscribeToAll(options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

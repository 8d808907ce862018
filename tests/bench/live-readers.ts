import { LiveClient } from '../support/live-client.js';

/**
 * The live benchmark's stream readers, in a child process of their own (as browsers are not the
 * server), so that the server's event loop and memory figures are its own. Opens one GET
 * /api/live/ per entry of `streams`, says `ready` once each has its `ready` message, then reports
 * every `change` it hears as [stream, revision, epoch ms when read] in batches, until told to close.
 */
export interface ReadersInput {
  url: string;
  /** Request headers of each stream (a session cookie, or the bench's own user headers). */
  streams: Array<Record<string, string>>;
  /** Streams whose changes are not reported (staff streams that hear everything). */
  silent: number[];
}

export type ReadersMessage =
  | { type: 'ready' }
  | { type: 'refused'; detail: string }
  | { type: 'arrivals'; arrivals: Array<[string, number, number]> }
  | { type: 'closed'; ended: number };

const send = (message: ReadersMessage) => process.send!(message);

/** Opens the streams, reports their changes, and closes them on the parent's next message. */
async function openAll(input: ReadersInput): Promise<void> {
  const pending: Array<[string, number, number]> = [];
  const silent = new Set(input.silent);
  const clients: LiveClient[] = [];
  const readies: Array<Promise<void>> = [];
  for (const [n, headers] of input.streams.entries()) {
    const client = await LiveClient.open(input.url, headers.cookie ?? '', undefined, headers);
    if (!(client instanceof LiveClient)) {
      send({ type: 'refused', detail: JSON.stringify(client) });
      process.exit(1);
    }
    let isReady: () => void = () => undefined;
    readies.push(new Promise<void>((resolve) => (isReady = resolve)));
    client.onMessage = (message) => {
      // Only the times are kept: 1,000 streams' message lists would be this process's memory, not the point.
      client.messages.length = 0;
      if (message.event === 'ready') isReady();
      if (message.event !== 'change' || silent.has(n)) return;
      pending.push([message.data.stream, message.data.revision, performance.timeOrigin + performance.now()]);
    };
    // A `ready` read before onMessage was set is in the list already.
    if (client.messages.some((message) => message.event === 'ready')) isReady();
    client.messages.length = 0;
    clients.push(client);
  }
  await Promise.all(readies);
  const flush = () => {
    if (pending.length > 0) send({ type: 'arrivals', arrivals: pending.splice(0) });
  };
  setInterval(flush, 100).unref();
  process.once('message', () => {
    flush();
    const ended = clients.filter((client) => client.isEnded).length;
    for (const client of clients) client.close();
    send({ type: 'closed', ended });
    process.disconnect();
  });
}

process.once('message', (input: ReadersInput) => {
  void openAll(input).then(() => send({ type: 'ready' }));
});

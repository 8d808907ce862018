import type { EventStore, NewEvent } from '@shop/infra';

/**
 * The event store demo history is written through: every event it appends carries
 * `metadata.demo: true` (decision 0349), so a demo history in a log can always be told apart
 * from the shop's own. Reads go to the store as they are.
 */
export function demoMarked(store: EventStore): EventStore {
  const mark = (events: NewEvent[]): NewEvent[] => events.map((event) => ({ ...event, metadata: { ...event.metadata, demo: true } }));
  return {
    appendToStream: (streamId, events, options) => store.appendToStream(streamId, mark(events), options),
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    readAllPages: (options) => store.readAllPages(options),
    readLog: (options) => store.readLog(options),
    countLog: (options) => store.countLog(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    close: () => store.close(),
  };
}

import { API_BASE } from '../../../lib/api-client';

/** A `change` message of GET /api/live/ (docs/api-conventions.md "Live updates"). */
export interface LiveChange {
  position: number;
  stream: string;
  /** Absent when `readable` is false. */
  revision?: number;
  read_models: string[];
  project_id?: string;
  /** False: this user could read the project until this change and no longer can (a transfer); reading it again shows that. */
  readable?: false;
}

export interface LiveHandlers {
  change: (change: LiveChange) => void;
  /** The server could not replay what this tab missed: every read should be refreshed. */
  reset: () => void;
  /** The session ended (logout elsewhere, password change, erasure): the push stops. */
  ended: () => void;
}

/** Longest wait before asking again after a refusal (429, 401, a server that is down). */
const MAX_RETRY_MS = 60_000;

/**
 * Follows GET /api/live/ with one EventSource. The browser reconnects by itself after a dropped
 * connection, sending Last-Event-ID, and the server replays what was missed. When the server
 * refuses (an EventSource then gives up for good) or stops, this opens a new one after a growing
 * pause, passing the last id as `last_event_id` (a new EventSource cannot set the header).
 * Returns the function that stops it.
 */
export function followLiveChanges(handlers: LiveHandlers): () => void {
  let source: EventSource | null = null;
  let lastEventId: string | undefined;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const retry = () => {
    source?.close();
    if (stopped) return;
    failures += 1;
    timer = setTimeout(connect, Math.min(MAX_RETRY_MS, 1000 * 2 ** failures));
  };
  const listen = (event: string, handle: (data: unknown) => void) =>
    source!.addEventListener(event, (message: MessageEvent<string>) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      failures = 0;
      handle(JSON.parse(message.data));
    });
  function connect() {
    source = new EventSource(`${API_BASE}/live/${lastEventId ? `?last_event_id=${encodeURIComponent(lastEventId)}` : ''}`);
    listen('change', (data) => handlers.change(data as LiveChange));
    listen('reset', () => handlers.reset());
    listen('closed', (data) => {
      source?.close();
      if ((data as { reason?: string }).reason === 'session_ended') handlers.ended();
      else retry();
    });
    source.onerror = () => {
      // CONNECTING: the browser is reconnecting by itself. CLOSED: it was refused; try later.
      if (source?.readyState === EventSource.CLOSED) retry();
    };
  }

  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}

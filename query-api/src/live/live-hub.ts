import type { Request, Response } from 'express';
import { parentAndLinks, spanContextOf, startSpan, type Logger, type Pool } from '@shop/infra';
import { HttpError, sessionIdOf, type SessionUser } from '@shop/http-shell';
import { organizationIdsOf } from '@shop/projectors/queries';
import { addresseesOf, changeMessage, lostRead, lostReadMessage, mayRead, type Viewer } from './audience.js';
import { ChangeFeed, type ChangeFeedOptions, type LiveChange } from './change-feed.js';
import { LiveMetrics } from './live-metrics.js';
import { LiveStream, sseMessage } from './live-stream.js';

export interface LiveHubOptions extends ChangeFeedOptions {
  /** Open streams this process holds at most (LIVE_MAX_STREAMS). */
  maxStreams?: number;
  /** Open streams one session holds at most: a browser has six HTTP/1.1 connections per site. */
  maxPerSession?: number;
  /** Comment lines that keep proxies from closing a quiet stream; also when ended sessions are looked for. */
  heartbeatMs?: number;
}

/**
 * The live push of one query-api process (docs/decisions/0170-0172): holds the open
 * `GET /api/live/` streams, indexed by who may read what, and fans each change of the
 * `ChangeFeed` out to them after the projection's transaction committed.
 */
export class LiveHub {
  readonly metrics = new LiveMetrics();
  private readonly feed: ChangeFeed;
  private readonly streams = new Set<LiveStream>();
  private readonly staff = new Set<LiveStream>();
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly byOrganization = new Map<string, Set<LiveStream>>();
  private readonly bySession = new Map<string, Set<LiveStream>>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly logger: Logger,
    private readonly options: LiveHubOptions = {},
  ) {
    this.feed = new ChangeFeed(
      pool,
      logger,
      // With no stream open the feed reads nothing after a batch (decision 0290); `open` catches it up first.
      { changes: (changes) => this.deliver(changes), sessionEnded: (sid) => this.endSession(sid), reset: () => this.reset(), wanted: () => this.streams.size > 0 },
      options,
    );
    this.metrics.openStreams(() => this.streams.size);
  }

  async start(): Promise<void> {
    await this.feed.start();
    this.heartbeat = setInterval(() => void this.beat(), this.options.heartbeatMs ?? 15_000);
    this.heartbeat.unref();
  }

  /** Closes every stream (telling clients why) and stops following changes; safe to call twice. */
  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const stream of [...this.streams]) stream.close('server_stopping');
    await this.feed.stop();
  }

  /**
   * Opens a stream for a logged-in user: 429 when this process or this session holds as many
   * as it may; then the changes after `lastEventId` this user may read (or `reset` when they
   * are no longer kept), `ready`, and every new change as it commits.
   */
  async open(req: Request, res: Response, user: SessionUser, lastEventId: string | undefined): Promise<void> {
    const sessionId = sessionIdOf(req);
    if (this.streams.size >= (this.options.maxStreams ?? 2000)) {
      this.metrics.refused('process');
      throw new HttpError(429, 'The shop is holding as many live updates as it can; this page updates when reloaded. Try again in a minute.');
    }
    if ((this.bySession.get(sessionId)?.size ?? 0) >= (this.options.maxPerSession ?? 4)) {
      this.metrics.refused('session');
      throw new HttpError(429, 'Too many live pages are open in this browser: close a tab of the shop and reload this one.');
    }
    const viewer: Viewer = { userId: user.userId, isStaff: user.isStaff, organizationIds: user.isStaff ? [] : await organizationIdsOf(this.pool, user.userId) };
    const resumeFrom = parsePosition(lastEventId);
    await this.feed.catchUp();
    const through = this.feed.position;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // nginx and similar proxies buffer responses unless told not to.
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    const stream = new LiveStream(res, sessionId, viewer, Math.max(resumeFrom ?? through, 0), (ended) => this.forget(ended));
    this.remember(stream);
    // A change committed after the catch-up whose wake found no stream yet is read now, not at the next poll.
    if (this.streams.size === 1) this.feed.wake();
    try {
      stream.caughtUp(await this.missed(stream, resumeFrom, through, lastEventId !== undefined));
    } catch (error) {
      this.logger.warn({ err: error }, 'reading the changes a live client missed failed');
      stream.end();
    }
  }

  /** What a resuming client missed, and the `ready` message that ends the catching up. */
  private async missed(stream: LiveStream, resumeFrom: number | null, through: number, resuming: boolean): Promise<string> {
    const ready = (position: number) => sseMessage('ready', { position }, position);
    if (resumeFrom === null) return (resuming ? sseMessage('reset', { position: through }) : '') + ready(through);
    if (resumeFrom < (await this.feed.horizon())) return sseMessage('reset', { position: through }) + ready(through);
    let text = '';
    for (const change of await this.feed.between(resumeFrom, through)) {
      text += this.messageFor(stream.viewer, change) ?? '';
    }
    // Changes that came while this ran wait behind `ready`; the ready id must not pass them.
    const readyAt = Math.max(resumeFrom, through);
    stream.lastSent = Math.max(stream.lastSent, readyAt);
    return text + ready(readyAt);
  }

  private deliver(changes: LiveChange[]): void {
    // One span per delivery, named for the pages it wrote to: the child of the first batch that wrote these changes, linked to each (decision 0400).
    const batches = [...new Set(changes.map((change) => change.traceparent))].map(spanContextOf);
    const span = startSpan('live push', { ...parentAndLinks(batches), attributes: { 'shop.changes': changes.length } });
    const texts = new Map<LiveStream, { text: string; messages: number }>();
    let refreshOrganizations = false;
    for (const change of changes) {
      refreshOrganizations ||= change.streamId.startsWith('organization-');
      let sent = false;
      // Made once per change, not per stream: a busy shop's staff pages share it.
      const full = sseMessage('change', changeMessage(change), change.position);
      for (const stream of this.audienceOf(change)) {
        if (change.position <= stream.lastSent) continue;
        const message = this.messageFor(stream.viewer, change, full);
        if (message === null) continue;
        stream.lastSent = change.position;
        const pending = texts.get(stream) ?? { text: '', messages: 0 };
        texts.set(stream, { text: pending.text + message, messages: pending.messages + 1 });
        sent = true;
      }
      if (sent) this.metrics.pushed(change.eventAt);
    }
    // One write per stream per batch: a staff page following a busy shop gets one packet, not hundreds.
    for (const [stream, { text, messages }] of texts) {
      stream.write(text);
      this.metrics.sent(messages, text);
    }
    if (span.isRecording()) span.setAttributes({ 'shop.stream_ids': changes.map((change) => change.streamId), 'shop.revisions': changes.map((change) => change.revision) });
    span.updateName(`live push ${texts.size} pages`).setAttribute('shop.pages', texts.size).end();
    if (refreshOrganizations) void this.refreshOrganizations();
  }

  /** What this viewer is told of a change: all of it, that it lost the stream, or nothing (null). */
  private messageFor(viewer: Viewer, change: LiveChange, full?: string): string | null {
    if (mayRead(viewer, change)) return full ?? sseMessage('change', changeMessage(change), change.position);
    return lostRead(viewer, change) ? sseMessage('change', lostReadMessage(change), change.position) : null;
  }

  private audienceOf(change: LiveChange): Set<LiveStream> {
    const addressees = addresseesOf(change);
    if (!addressees) return this.streams;
    const audience = new Set(this.staff);
    for (const user of addressees.users) for (const stream of this.byUser.get(user) ?? []) audience.add(stream);
    for (const organization of addressees.organizations) for (const stream of this.byOrganization.get(organization) ?? []) audience.add(stream);
    return audience;
  }

  /**
   * Read-model tables were swapped in by a rebuild (no `live_changes` rows for what changed):
   * every open page refetches all it shows, as after a resume from too long ago (decision 0171).
   */
  private reset(): void {
    const text = sseMessage('reset', { position: this.feed.position });
    for (const stream of this.streams) {
      stream.write(text);
      this.metrics.sent(1, text);
    }
  }

  /** Closes the streams of an ended session (logout, erasure, password change elsewhere, expiry). */
  private endSession(sessionId: string): void {
    for (const stream of [...(this.bySession.get(sessionId) ?? [])]) stream.close('session_ended');
  }

  /** A heartbeat comment for proxies; and any stream whose session ended without a NOTIFY reaching us is closed. */
  private async beat(): Promise<void> {
    for (const stream of this.streams) stream.write(': heartbeat\n\n');
    const sessions = [...this.bySession.keys()];
    if (sessions.length === 0) return;
    try {
      const { rows } = await this.pool.query<{ sid: string }>('SELECT sid FROM http_sessions WHERE sid = ANY($1) AND expire > now()', [sessions]);
      const alive = new Set(rows.map((row) => row.sid));
      for (const sessionId of sessions) if (!alive.has(sessionId)) this.endSession(sessionId);
    } catch (error) {
      this.logger.warn({ err: error }, 'checking the sessions of live streams failed');
    }
  }

  /** Membership changed somewhere: every customer's organizations are read again. */
  private async refreshOrganizations(): Promise<void> {
    const customers = [...this.streams].filter((stream) => !stream.viewer.isStaff);
    const users = [...new Set(customers.map((stream) => stream.viewer.userId))];
    try {
      const memberships = new Map(await Promise.all(users.map(async (user) => [user, await organizationIdsOf(this.pool, user)] as const)));
      for (const stream of customers) {
        if (!stream.open) continue;
        this.forget(stream);
        stream.viewer = { ...stream.viewer, organizationIds: memberships.get(stream.viewer.userId) ?? [] };
        this.remember(stream);
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'reading organization memberships for live streams failed');
    }
  }

  private remember(stream: LiveStream): void {
    this.streams.add(stream);
    if (stream.viewer.isStaff) this.staff.add(stream);
    add(this.byUser, stream.viewer.userId, stream);
    add(this.bySession, stream.sessionId, stream);
    for (const organization of stream.viewer.organizationIds) add(this.byOrganization, organization, stream);
  }

  private forget(stream: LiveStream): void {
    this.streams.delete(stream);
    this.staff.delete(stream);
    remove(this.byUser, stream.viewer.userId, stream);
    remove(this.bySession, stream.sessionId, stream);
    for (const organization of stream.viewer.organizationIds) remove(this.byOrganization, organization, stream);
  }
}

/** A Last-Event-ID this shop gave out is a change position; anything else cannot be resumed. */
function parsePosition(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

function add<K>(index: Map<K, Set<LiveStream>>, key: K, stream: LiveStream): void {
  let found = index.get(key);
  if (!found) index.set(key, (found = new Set()));
  found.add(stream);
}

function remove<K>(index: Map<K, Set<LiveStream>>, key: K, stream: LiveStream): void {
  const found = index.get(key);
  found?.delete(stream);
  if (found?.size === 0) index.delete(key);
}

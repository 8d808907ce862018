import { accountDecider, fold, projectDecider, projectView, SYSTEM_ACTOR, type AccountEvent, type ProjectEvent } from '@shop/domain';
import {
  contextOfTraceparent,
  inSpan,
  issueToken,
  mailProjectOf,
  renderMail,
  type Clock,
  type EventStore,
  type IdGenerator,
  type Logger,
  type MailContext,
  type MailTransport,
  type Pool,
  type ShopIdentity,
  type TokenPurpose,
} from '@shop/infra';
import type { DeliveryRequest, MailKind } from './mail-requests.js';
import { Outbox, type Claimed } from '../outbox.js';
import { PassLoop } from '../pass-loop.js';
import { reasonOf, recordOutcome } from '../record-outcome.js';

export interface MailSenderOptions {
  pool: Pool;
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  transport: MailTransport;
  /** Base of links in e-mails. */
  publicUrl: string;
  /** The shop's name, address and reply address, in every mail. */
  shop: ShopIdentity;
  maxAttempts?: number;
  /** First retry delay; each further retry doubles it. */
  retryBaseMs?: number;
  pollIntervalMs?: number;
  /** A delivery still 'sending' after this long was interrupted by a crash. */
  staleAfterMs?: number;
}

type DeliveryRow = {
  request_event_id: string;
  stream_id: string;
  email_id: string;
  kind: MailKind;
  recipient: string;
  payload: DeliveryRequest['payload'];
  traceparent: string | null;
};

const DELIVERIES = {
  table: 'mail_deliveries',
  key: 'request_event_id',
  claimed: 'request_event_id, stream_id, email_id, kind, recipient, payload, traceparent',
  working: 'sending',
  done: 'sent',
  noun: 'mail',
};

const tokenPurposes: Partial<Record<MailKind, TokenPurpose>> = {
  activation: 'activation',
  password_reset: 'password_reset',
  profile_completion: 'profile_completion',
};

/**
 * Sends what the outbox holds, at least once per request (decision 0327, which replaces 0043's
 * at most once). A delivery is claimed ('sending') in a committed transaction before SMTP is
 * spoken to; the server's acceptance marks it 'sent', after which it is never sent again. A
 * refused send goes back to 'pending' with a doubling delay, until it fails for good; so does a
 * claim found still 'sending' after a crash. Every attempt carries the same Message-ID (the
 * request event's id), so a mail the server took just before the crash and gets again is one mail
 * to any receiver that de-duplicates on it. Outcomes of project e-mails are also recorded as
 * events on the project's stream.
 */
export class MailSender {
  private readonly loop: PassLoop;
  private readonly outbox: Outbox<DeliveryRow>;

  constructor(private readonly options: MailSenderOptions) {
    this.outbox = new Outbox(DELIVERIES, options);
    this.loop = new PassLoop(() => this.pass(), { logger: options.logger, pollIntervalMs: options.pollIntervalMs, failure: 'mail sender pass failed, retrying' });
  }

  start(): void {
    this.loop.start();
  }

  /** Something new may be in the outbox. */
  wake(): void {
    this.loop.wake();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async pass(): Promise<void> {
    await this.settleInterrupted();
    while (this.loop.isRunning && (await this.sendNext())) {
      // keep going while there is work
    }
    await this.recordOutcomes();
  }

  /** Claims one due delivery and sends it; false when none is due. */
  private async sendNext(): Promise<boolean> {
    const delivery = await this.outbox.claim();
    if (!delivery) return false;
    // Each attempt is a child of the request event's append, in the trace of the write that asked for the mail (decision 0401).
    const attributes = { 'shop.stream_id': delivery.stream_id, 'shop.attempt': delivery.attempts };
    await inSpan(`mail send ${delivery.kind}`, { parent: contextOfTraceparent(delivery.traceparent), attributes }, async () => {
      try {
        const mail = await renderMail(delivery.kind, await this.contextFor(delivery));
        await this.options.transport.send({ id: delivery.request_event_id, to: delivery.recipient, replyTo: this.options.shop.replyTo, ...mail });
        await this.outbox.succeeded(delivery);
      } catch (error) {
        await this.outbox.refused(delivery, error instanceof Error ? error.message : String(error));
      }
    });
    return true;
  }

  private async contextFor(delivery: Claimed<DeliveryRow>): Promise<MailContext> {
    const { pool, clock, publicUrl, shop } = this.options;
    const purpose = tokenPurposes[delivery.kind];
    if (purpose) {
      // The link's token is made now, at sending: it never sits in an event or the outbox. A retry
      // makes a new one and retires the one its failed attempt made (one usable link per mail).
      const userId = delivery.payload.userId ?? '';
      const holder = { userId, email: delivery.recipient };
      const token = await issueToken(pool, purpose, holder, clock.now(), delivery.request_event_id);
      const joins = delivery.payload.joins ? { joins: delivery.payload.joins } : {};
      return { publicUrl, shop, recipientName: await this.nameOf(userId), token, ...joins };
    }
    const view = projectView(fold(projectDecider, (await this.eventsOf(delivery.stream_id)) as ProjectEvent[]));
    const project = view ? mailProjectOf(view) : undefined;
    return { publicUrl, shop, recipientName: view ? await this.nameOf(view.user) : '', message: delivery.payload.message ?? '', ...(project ? { project } : {}) };
  }

  /** The name on a user's account (opened personal data; empty once erased, or for a guest). */
  private async nameOf(userId: string): Promise<string> {
    if (!userId) return '';
    const state = fold(accountDecider, (await this.eventsOf(`account-${userId}`)) as AccountEvent[]);
    return state.status === 'empty' ? '' : state.account.name;
  }

  private async eventsOf(streamId: string): Promise<Array<{ type: string; data: unknown }>> {
    const stored = await this.options.eventStore.readStream(streamId);
    return stored.map((event) => ({ type: event.type, data: event.data }));
  }

  /**
   * Claims left 'sending' by a crash: the server did not accept them as far as anyone knows, so
   * they are retried like a refused send (the same delay, the same limit of attempts). A claim is
   * stale only well after every SMTP timeout (mail-transport.ts) has run out, so a live send is
   * never taken over.
   */
  private async settleInterrupted(): Promise<void> {
    const staleBefore = new Date(this.options.clock.now().getTime() - (this.options.staleAfterMs ?? 5 * 60 * 1000));
    await this.outbox.takeBackClaims(staleBefore, 'Interrupted while sending (the process stopped).', this.outbox.retryBaseMs);
  }

  /** Writes EmailSent / EmailFailed for settled project e-mails not yet recorded on their stream. */
  private recordOutcomes(): Promise<void> {
    type Settled = { request_event_id: string; stream_id: string; email_id: string; kind: MailKind };
    return this.outbox.recordOutcomes<Settled>('request_event_id, stream_id, email_id, kind', async (row) =>
      tokenPurposes[row.kind]
        ? true // account e-mails have no outcome events; the outbox row is their record
        : recordOutcome(this.options, row.stream_id, row.request_event_id, (at) =>
            row.status === 'sent'
              ? { type: 'RecordEmailSent', emailId: row.email_id, at, actor: SYSTEM_ACTOR }
              : { type: 'RecordEmailFailed', emailId: row.email_id, reason: reasonOf(row.last_error), at, actor: SYSTEM_ACTOR },
          ),
    );
  }
}

import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (already received or arriving later) that matches. */
  waitFor: (match: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  /** Refuse the next `count` messages with a temporary error (to exercise retries). */
  refuseNext: (count: number) => void;
  /**
   * Take the next message in full and never answer it: the sender waits for the server's word
   * (to kill it there). Resolves with that message once it has arrived; it is not in `mails`.
   */
  holdNext: () => Promise<ReceivedMail>;
  stop: () => Promise<void>;
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<{ match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }> = [];
  let refusals = 0;
  let hold: ((mail: ReceivedMail) => void) | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals--;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        const mail = { to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: unfold(Buffer.concat(chunks).toString('utf8')) };
        if (hold) {
          hold(mail);
          hold = null;
          return; // no answer, ever
        }
        mails.push(mail);
        for (const waiter of waiters.filter((candidate) => candidate.match(mail))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor: (match, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const found = mails.find(match);
        if (found) return resolve(found);
        const timer = setTimeout(() => reject(new Error('no matching mail arrived')), timeoutMs);
        waiters.push({ match, resolve: (mail) => (clearTimeout(timer), resolve(mail)) });
      }),
    refuseNext: (count) => {
      refusals = count;
    },
    holdNext: () => new Promise((resolve) => (hold = resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Quoted-printable soft line breaks joined and =3D decoded, so links can be matched whole. */
function unfold(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/** The Message-ID header of a received mail. */
export function messageIdOf(mail: ReceivedMail): string | undefined {
  return /^Message-ID:\s*(\S+)/im.exec(mail.raw)?.[1];
}

/** The first link in a mail that starts with `prefix` (e.g. `${shop.url}/activation/`). */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const start = mail.raw.indexOf(prefix);
  if (start < 0) throw new Error(`no link starting with ${prefix} in:\n${mail.raw}`);
  return mail.raw.slice(start).split(/\s/)[0]!;
}

import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';

export type { Logger };

/**
 * Log lines never hold personal data (docs/decisions/0160): fields that carry it are censored
 * wherever they appear, and e-mail addresses inside error messages (an SMTP refusal names its
 * recipient) are masked.
 */
export const personalDataLogPaths = [
  'email', '*.email', 'phone', '*.phone', 'to', '*.to', 'recipient', '*.recipient', 'recipient_name', '*.recipient_name',
  'shipping_address', '*.shipping_address', 'password', '*.password', 'req.headers.cookie', 'reason',
];

const EMAIL = /[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+/g;
export const maskEmails = (text: string) => text.replace(EMAIL, '[email]');

const errorWithoutEmails = (error: Error) => {
  const serialized = stdSerializers.err(error);
  return { ...serialized, message: maskEmails(serialized.message), stack: serialized.stack ? maskEmails(serialized.stack) : serialized.stack };
};

export interface LoggerOptions {
  /** Readable lines instead of JSON; by default only when stdout is a terminal (a person reads it). */
  pretty?: boolean;
  /** Where lines go; stdout by default (tests read the lines). */
  destination?: DestinationStream;
}

/** One structured logger per process; child loggers name the component. */
export function createLogger(level: string, name = 'shop', options: LoggerOptions = {}): Logger {
  const settings = { name, level, redact: { paths: personalDataLogPaths, censor: '[redacted]' }, serializers: { err: errorWithoutEmails } };
  const pretty = options.pretty ?? process.stdout.isTTY === true;
  if (!pretty) return options.destination ? pino(settings, options.destination) : pino(settings);
  // In-process prettifier (not a worker transport): lines stay in order with the rest of stdout
  // and nothing is lost when the process exits on a signal.
  const stream = PinoPretty({ colorize: options.destination === undefined, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', destination: options.destination ?? 1, sync: true });
  return pino(settings, stream);
}

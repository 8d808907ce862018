import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

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

/** One structured logger per process; child loggers name the component. `destination` lets tests read the lines. */
export function createLogger(level: string, name = 'shop', destination?: DestinationStream): Logger {
  const options = { name, level, redact: { paths: personalDataLogPaths, censor: '[redacted]' }, serializers: { err: errorWithoutEmails } };
  return destination ? pino(options, destination) : pino(options);
}

import { pino, type DestinationStream, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';

export type { Logger };

export interface LoggerOptions {
  /** Readable lines instead of JSON; by default only when stdout is a terminal (a person reads it). */
  pretty?: boolean;
  /** Where lines go; stdout by default. */
  destination?: DestinationStream;
}

/** One structured logger per process; child loggers name the component. */
export function createLogger(level: string, name = 'shop', options: LoggerOptions = {}): Logger {
  const pretty = options.pretty ?? process.stdout.isTTY === true;
  if (!pretty) return options.destination ? pino({ name, level }, options.destination) : pino({ name, level });
  // In-process prettifier (not a worker transport): lines stay in order with the rest of stdout
  // and nothing is lost when the process exits on a signal.
  const stream = PinoPretty({ colorize: options.destination === undefined, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', destination: options.destination ?? 1, sync: true });
  return pino({ name, level }, stream);
}

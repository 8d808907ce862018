import { pino, type Logger } from 'pino';

export type { Logger };

/** One structured logger per process; child loggers name the component. */
export function createLogger(level: string, name = 'shop'): Logger {
  return pino({ name, level });
}

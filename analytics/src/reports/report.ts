import type { DomainEvent } from '@shop/domain';

/**
 * An event as a report sees it: the domain's event (`type` and `data`, upcast to today's version,
 * personal fields opened or read as erased) and where and when the log holds it.
 * Narrow it on `event.type` as in any `switch` over the domain's events.
 */
export type ReportEvent = DomainEvent & {
  /** The event's place in the log's global order. */
  position: number;
  streamId: string;
  /** 0-based revision within its stream. */
  revision: number;
  /** When it was recorded (ISO, the shop's clock). */
  occurredAt: string;
  /** User id of whoever caused it; 'system' for the shop itself. */
  actor: string;
};

/** How rows are grouped: by calendar month or ISO week (shop time zone), product type or category; 'all' is one group. */
export type ReportGrouping = 'all' | 'month' | 'week' | 'product-type' | 'category';

/** What every report is asked, parsed from the command line. */
export interface ReportOptions {
  /** First shop-calendar day counted (YYYY-MM-DD), or null for the log's start. */
  from: string | null;
  /** Last shop-calendar day counted (YYYY-MM-DD, inclusive), or null for no end. */
  to: string | null;
  /** The log is cut at this instant: events recorded after it are never seen. */
  asOf: Date | null;
  by: ReportGrouping;
  /** The reference instant of "now" for idle and open intervals: the as-of time, else the run's start. */
  now: Date;
  /** Days without a change after which a draft counts as abandoned. */
  idleDays: number;
}

/** One line of a report's answer: plain values, the same columns on every row. */
export type ReportRow = Record<string, string | number | boolean | null>;

/**
 * A report is a pure fold over the log: `initial` once, `evolve` for every event in the log's
 * order (it may change `state` in place and return it: the state is the report's own), then
 * `rows` once at the end. No I/O: the engine reads the log and hands the events in.
 */
export interface Report<S> {
  /** One line saying what the report answers (shown by `npm run report -- --help`). */
  description?: string;
  initial: (options: ReportOptions) => S;
  evolve: (state: S, event: ReportEvent) => S;
  rows: (state: S, options: ReportOptions) => ReportRow[];
}

/** A report whose state type does not matter to the caller. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyReport = Report<any>;

/** Spelled out so an analyst's file can say `export default defineReport({ ... })` and get its types checked. */
export const defineReport = <S>(report: Report<S>): Report<S> => report;

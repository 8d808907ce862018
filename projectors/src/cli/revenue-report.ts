import { PaymentRecorded, ProjectCopied, ProjectCreated, type ProjectEvent } from '@shop/domain';
import { START, type EventStore } from '@shop/infra';
import { shopDay } from '../read-models/revenue/queries.js';

export interface RevenueReportRow {
  /** Calendar day of the payment in the shop's time zone (YYYY-MM-DD). */
  day: string;
  paid_at: string;
  project_id: string;
  amount_cents: number;
  partial: boolean;
  remaining_cents: number;
  recorded_by: string;
}

/**
 * Every payment recorded from day `from` to day `to`, both inclusive, in the shop's calendar
 * (the same definition as the revenue statistics, docs/decisions/0061), read from the event log.
 */
export async function revenueReport(eventStore: EventStore, from: string, to: string): Promise<RevenueReportRow[]> {
  const projectOfStream = new Map<string, string>();
  const rows: RevenueReportRow[] = [];
  let position = START;
  for (;;) {
    const batch = await eventStore.readAll({ from: position, limit: 5000 });
    if (batch.length === 0) return rows;
    for (const event of batch) {
      const row = reportRow(event.type, event.data, event.streamId, projectOfStream);
      if (row && row.day >= from && row.day <= to) rows.push(row);
    }
    position = batch[batch.length - 1]!.checkpoint;
  }
}

function reportRow(type: string, data: unknown, streamId: string, projectOfStream: Map<string, string>): RevenueReportRow | null {
  if (type === 'ProjectCreated' || type === 'ProjectCopied') {
    const event: ProjectEvent = (type === 'ProjectCreated' ? ProjectCreated : ProjectCopied).parse({ type, data });
    if ('projectId' in event.data) projectOfStream.set(streamId, event.data.projectId);
    return null;
  }
  if (type !== 'PaymentRecorded') return null;
  const payment = PaymentRecorded.parse({ type, data }).data;
  return {
    day: shopDay(payment.at),
    paid_at: payment.at,
    project_id: projectOfStream.get(streamId) ?? streamId,
    amount_cents: payment.amount,
    partial: payment.partial,
    remaining_cents: payment.remaining,
    recorded_by: payment.by,
  };
}

const CSV_COLUMNS: Array<keyof RevenueReportRow> = ['day', 'paid_at', 'project_id', 'amount_cents', 'partial', 'remaining_cents', 'recorded_by'];

/** RFC 4180 CSV with a header line. */
export function toCsv(rows: readonly RevenueReportRow[]): string {
  const cell = (value: unknown) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [CSV_COLUMNS.join(','), ...rows.map((row) => CSV_COLUMNS.map((column) => cell(row[column])).join(','))].join('\r\n') + '\r\n';
}

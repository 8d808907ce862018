import { useId, useMemo, useState } from 'react';
import { eventName, type ChangeInWords } from '@shop/domain';
import type { AuditEntry } from '../api/internal-projects';

/** What GET …/events/ adds to each line in words (docs/decisions/0150-audit-log-in-words.md). */
interface InWords {
  event_id?: string;
  actor_name?: string | null;
  actor_email?: string | null;
  actor_role?: string;
  actor_in_words?: string;
  event_name?: string;
  summary?: string;
  changes_in_words?: ChangeInWords[];
  data?: Record<string, unknown>;
}
export type AuditEntryInWords = AuditEntry & InWords;

/** One line as shown, and as exported: the CSV is built from exactly these cells. */
export interface AuditLine {
  revision: number;
  at: string;
  when: string;
  /** The database's time of recording beside the business time `when` (decision 0351); '' when not known. */
  recorded: string;
  day: string;
  who: string;
  email: string;
  event: string;
  summary: string;
  changed: string;
  raw: AuditEntryInWords;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** MM/dd/yyyy HH:mm in the reader's time zone, as the rest of the staff pages show times. */
const when = (iso: string) => {
  const date = new Date(iso);
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
/** yyyy-mm-dd in the reader's time zone, to compare with the date inputs of the filter. */
const localDay = (iso: string) => {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

export function auditLine(entry: AuditEntryInWords): AuditLine {
  const who = entry.actor_in_words ?? entry.actor;
  const changes = entry.changes_in_words ?? [];
  return {
    revision: entry.revision,
    at: entry.at,
    when: when(entry.at),
    recorded: entry.recorded_at ? when(entry.recorded_at) : '',
    day: localDay(entry.at),
    who,
    email: entry.actor_email ?? '',
    event: entry.event_name ?? eventName(entry.type),
    summary: entry.summary ?? `${who}: ${eventName(entry.type)}`,
    changed: changes.map((change) => `${change.label}: ${change.from} → ${change.to}`).join('; '),
    raw: entry,
  };
}

export interface AuditFilter {
  who: string;
  event: string;
  from: string;
  to: string;
}
export const noFilter: AuditFilter = { who: '', event: '', from: '', to: '' };

export function filterLines(lines: readonly AuditLine[], filter: AuditFilter): AuditLine[] {
  return lines.filter(
    (line) =>
      (!filter.who || line.who === filter.who) &&
      (!filter.event || line.event === filter.event) &&
      (!filter.from || line.day >= filter.from) &&
      (!filter.to || line.day <= filter.to),
  );
}

// "Recorded (UTC)" is the database's own clock to the microsecond as it stored it (decision 0351):
// an auditor comparing the export with the log or a digest needs the exact value, not the page's minute.
const CSV_HEADER = ['#', 'When', 'Recorded (UTC)', 'Who', 'E-mail', 'Event', 'In words', 'What changed'];

/** RFC 4180: every field quoted, quotes doubled, CRLF between records. */
export function auditCsv(lines: readonly AuditLine[]): string {
  const field = (value: string | number) => `"${String(value).replaceAll('"', '""')}"`;
  const records = [CSV_HEADER, ...lines.map((line) => [line.revision, line.when, line.raw.recorded_at ?? '', line.who, line.email, line.event, line.summary, line.changed])];
  return records.map((record) => record.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Hands the CSV to the browser as a file download. */
function download(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

const distinct = (values: string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b));

/**
 * The staff audit log in words: who (name, role, e-mail), what they did, what changed for people,
 * the raw event one click away; filters by actor, event and dates; CSV of the filtered lines.
 */
export function AuditLogInWords({ entries, fileName, onViewAsOf }: { entries: readonly AuditEntryInWords[]; fileName: string; onViewAsOf?: (at: string) => void }) {
  const uid = useId();
  const [filter, setFilter] = useState<AuditFilter>(noFilter);
  const lines = useMemo(() => entries.map(auditLine), [entries]);
  const shown = useMemo(() => filterLines(lines, filter), [lines, filter]);
  const set = (key: keyof AuditFilter) => (event: { target: { value: string } }) => setFilter((old) => ({ ...old, [key]: event.target.value }));

  return (
    <div className="audit-in-words">
      <form className="inline-form" aria-label="Filter the audit log" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor={`${uid}-who`}>Who</label>
          <select id={`${uid}-who`} value={filter.who} onChange={set('who')}>
            <option value="">Everyone</option>
            {distinct(lines.map((line) => line.who)).map((who) => (
              <option key={who}>{who}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${uid}-event`}>Event</label>
          <select id={`${uid}-event`} value={filter.event} onChange={set('event')}>
            <option value="">Every event</option>
            {distinct(lines.map((line) => line.event)).map((event) => (
              <option key={event}>{event}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${uid}-from`}>From</label>
          <input id={`${uid}-from`} type="date" value={filter.from} onChange={set('from')} />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-to`}>To</label>
          <input id={`${uid}-to`} type="date" value={filter.to} onChange={set('to')} />
        </div>
        <button type="button" className="secondary" onClick={() => download(fileName, auditCsv(shown))} disabled={shown.length === 0}>
          Export CSV
        </button>
      </form>
      <p role="status">
        {shown.length} of {lines.length} events
      </p>
      {shown.length > 0 && (
        <div className="table-wrap">
          <table className="audit-log">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Event</th>
                <th scope="col">What happened</th>
                <th scope="col">
                  <span className="visually-hidden">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((line) => (
                <tr key={line.revision}>
                  <td>{line.revision}</td>
                  <td>
                    {line.when}
                    {line.recorded && <div className="muted audit-recorded">recorded {line.recorded}</div>}
                  </td>
                  <td>
                    {line.who}
                    {line.email && <div className="muted">{line.email}</div>}
                  </td>
                  <td>{line.event}</td>
                  <td>
                    <div className="audit-summary">{line.summary}</div>
                    {(line.raw.changes_in_words ?? []).map((change) => (
                      <div key={change.field} className="change">
                        {change.label}: {change.from} → {change.to}
                      </div>
                    ))}
                  </td>
                  <td>
                    <details>
                      <summary>Raw event</summary>
                      <pre>{JSON.stringify({ type: line.raw.type, actor: line.raw.actor, at: line.raw.at, recorded_at: line.raw.recorded_at ?? null, data: line.raw.data, changes: line.raw.changes }, null, 2)}</pre>
                      {line.raw.trace_id && (
                        <div className="muted audit-trace">
                          Trace id <code>{line.raw.trace_id}</code>
                        </div>
                      )}
                    </details>
                    {onViewAsOf && (
                      <button type="button" className="link-button" onClick={() => onViewAsOf(line.at)}>
                        View as of #{line.revision}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

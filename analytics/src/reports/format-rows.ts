import type { ReportRow } from './report.js';

export const reportFormats = ['table', 'csv', 'json'] as const;
export type ReportFormat = (typeof reportFormats)[number];

export function formatRows(rows: readonly ReportRow[], format: ReportFormat): string {
  switch (format) {
    case 'csv':
      return toCsv(rows);
    case 'json':
      return `${JSON.stringify(rows, null, 2)}\n`;
    case 'table':
      return toTable(rows);
  }
}

const columnsOf = (rows: readonly ReportRow[]): string[] => Object.keys(rows[0] ?? {});
const text = (value: ReportRow[string]): string => (value === null ? '' : String(value));

/** RFC 4180 CSV with a header line (no rows: an empty text, there are no columns to name). */
export function toCsv(rows: readonly ReportRow[]): string {
  const columns = columnsOf(rows);
  if (columns.length === 0) return '';
  const cell = (value: ReportRow[string]) => {
    const plain = text(value);
    return /[",\r\n]/.test(plain) ? `"${plain.replace(/"/g, '""')}"` : plain;
  };
  return [columns.join(','), ...rows.map((row) => columns.map((column) => cell(row[column] ?? null)).join(','))].join('\r\n') + '\r\n';
}

/** Columns padded to their widest value, numbers to the right, a rule under the header. */
function toTable(rows: readonly ReportRow[]): string {
  const columns = columnsOf(rows);
  if (columns.length === 0) return '(no rows)\n';
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => text(row[column] ?? null).length)));
  const numeric = columns.map((column) => rows.every((row) => row[column] === null || typeof row[column] === 'number'));
  const line = (cells: string[]) => cells.map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(columns), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map((row) => line(columns.map((column) => text(row[column] ?? null))))].join('\n') + '\n';
}

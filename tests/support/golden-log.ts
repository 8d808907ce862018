import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { AccountEvent, eventDid, eventName, eventUpcasters, NotificationEvent, OrganizationEvent, ProjectEvent, schemaVersionOf, storedEventTypes } from '@shop/domain';
import type { EventStore, NewEvent, Pool } from '@shop/infra';
import { allProjections } from '@shop/projectors';
import { findAuditLog } from '@shop/projectors/queries';
import { builtInReports, runReport, type ReportRow } from '@shop/analytics/reports';

/*
 * The golden log (docs/decisions/0358): each release's events as `npm run export -- events
 * --format ndjson` wrote them, replayed into fresh read models by today's code. The export is
 * one row per event with the data flattened ('data.shipping_notes.delivery_type', arrays as JSON
 * text), personal fields '[sealed]', no event id and no actor id; what it leaves out is made up
 * here the same way every time, so a replay is the same from run to run.
 */

/** One exported row: the columns every release's export has; later releases may add more, which are ignored. */
interface ExportedRow {
  position: number;
  time: string;
  stream: string;
  type: string;
  schema_version: number;
  [column: string]: unknown;
}

export interface GoldenEvent {
  streamId: string;
  event: NewEvent;
}

/** The events of one golden file, in the log's order, ready to append. */
export async function readGoldenLog(file: string): Promise<GoldenEvent[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => goldenEvent(JSON.parse(line) as ExportedRow, `${file}:${index + 1}`));
}

function goldenEvent(row: ExportedRow, where: string): GoldenEvent {
  for (const column of ['position', 'time', 'stream', 'type', 'schema_version'] as const) {
    if (row[column] === undefined) throw new Error(`${where}: the exported row has no ${column}`);
  }
  const data = withEmptyObjects(row.type, row.schema_version, dataOf(row));
  const by = typeof data.by === 'string' ? data.by : 'system';
  return {
    streamId: row.stream,
    event: {
      id: uuidFrom(`event ${row.position}`),
      type: row.type,
      schemaVersion: row.schema_version,
      data,
      // The export has the actor's role, not its id: the events' own `by` is who acted.
      metadata: { actor: typeof row.actor === 'string' ? row.actor : by, correlationId: uuidFrom(`correlation ${row.position}`), causationId: null, occurredAt: row.time },
    },
  };
}

/** The flattened `data.*` columns back into the event's data: dotted paths into objects, JSON text of arrays into arrays. */
function dataOf(row: ExportedRow): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (!column.startsWith('data.')) continue;
    const path = column.slice('data.'.length).split('.');
    let into = data;
    for (const key of path.slice(0, -1)) into = (into[key] ??= {}) as Record<string, unknown>;
    into[path[path.length - 1]!] = arrayOrValue(value);
  }
  return data;
}

/** What a zod object schema shows of itself: its fields (zod 4 keeps them on `shape`). */
type ObjectSchema = { shape: Record<string, unknown> };
const isObjectSchema = (schema: unknown): schema is ObjectSchema => typeof schema === 'object' && schema !== null && 'shape' in schema && typeof (schema as ObjectSchema).shape === 'object';

const dataSchemas = new Map<string, unknown>(
  [AccountEvent, NotificationEvent, OrganizationEvent, ProjectEvent].flatMap((union) => union.options.map((option) => [option.shape.type.value, option.shape.data] as const)),
);

/**
 * An empty object has no column in the export (`{}` flattens to nothing): where the event's
 * schema has a required object field that the row does not mention, it was empty. Only for an
 * event of today's version of its type, whose schema is the one that wrote it.
 */
function withEmptyObjects(type: string, version: number, data: Record<string, unknown>): Record<string, unknown> {
  const schema = dataSchemas.get(type);
  if (version === schemaVersionOf(type) && isObjectSchema(schema)) fillEmpty(schema, data);
  return data;
}

function fillEmpty(schema: ObjectSchema, data: Record<string, unknown>): void {
  for (const [key, field] of Object.entries(schema.shape)) {
    if (!isObjectSchema(field)) continue;
    if (data[key] === undefined) data[key] = {};
    if (typeof data[key] === 'object' && data[key] !== null && !Array.isArray(data[key])) fillEmpty(field, data[key] as Record<string, unknown>);
  }
}

/** The export writes arrays as JSON text; '[sealed]' and '[erased]' are not JSON and stay text. */
function arrayOrValue(value: unknown): unknown {
  if (typeof value !== 'string' || !value.startsWith('[')) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : value;
  } catch {
    return value;
  }
}

/** A version-4-shaped uuid from a name: the same name, the same id, in every run. */
function uuidFrom(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Appends the events in the log's order: a run of one stream's events at a time. */
export async function appendGoldenLog(store: EventStore, events: readonly GoldenEvent[]): Promise<void> {
  for (let at = 0; at < events.length; ) {
    let end = at + 1;
    while (end < events.length && events[end]!.streamId === events[at]!.streamId) end++;
    await store.appendToStream(events[at]!.streamId, events.slice(at, end).map((golden) => golden.event));
    at = end;
  }
}

/** A table's contents, stably: how many rows, a digest of all, one digest per row, and the first rows to read. */
export interface TableSnapshot {
  rows: number;
  digest: string;
  rowDigests: string[];
  firstRows: Array<Record<string, unknown>>;
}

export interface ReadModelSnapshot {
  tables: Record<string, TableSnapshot>;
  /** Every built-in report over the whole log, by month. */
  reports: Record<string, ReportRow[]>;
  /** Each project's audit log as people read it: revision, the event's name and what the actor did. */
  audit: Record<string, string[]>;
}

export async function snapshotReadModels(pool: Pool, store: EventStore, now: Date): Promise<ReadModelSnapshot> {
  const tables: Record<string, TableSnapshot> = {};
  for (const table of [...new Set(allProjections.flatMap((projection) => projection.tables))].sort()) {
    const lines = await canonicalRows(pool, table);
    tables[table] = {
      rows: lines.length,
      digest: digest(lines.join('\n')),
      rowDigests: lines.map(digest),
      firstRows: lines.slice(0, 2).map((line) => JSON.parse(line) as Record<string, unknown>),
    };
  }
  const reports: Record<string, ReportRow[]> = {};
  for (const [name, report] of Object.entries(builtInReports).sort(([a], [b]) => a.localeCompare(b))) {
    reports[name] = await runReport(store, report, { from: null, to: null, asOf: null, by: 'month', now, idleDays: 30 });
  }
  const audit: Record<string, string[]> = {};
  const { rows: streams } = await pool.query<{ stream_id: string; revision: string }>(
    `SELECT stream_id, max(stream_revision)::text AS revision FROM events WHERE stream_id LIKE 'project-%' GROUP BY stream_id ORDER BY stream_id`,
  );
  for (const { stream_id: streamId, revision } of streams) {
    audit[streamId] = (await findAuditLog(store, streamId, Number(revision))).map((row) => `${row.revision} ${eventName(row.type)}: ${eventDid(row.type)}`);
  }
  return { tables, reports, audit };
}

/**
 * A release's report answers as today's code would word them: a report cell that names an event
 * type the registry has renamed since (the staff activity report counts by type) names the new
 * type. Nothing else is changed, so a rename that changed anything more still fails.
 */
export function withTodaysTypeNames(reports: ReadModelSnapshot['reports']): ReadModelSnapshot['reports'] {
  const renamed = new Map(
    storedEventTypes.flatMap((fate) => (fate.fate === 'renamed' ? [[fate.type, eventUpcasters.upcast({ type: fate.type, schemaVersion: fate.fromVersion, data: {} }).type] as const] : [])),
  );
  return Object.fromEntries(
    Object.entries(reports).map(([name, rows]) => [
      name,
      rows.map((row) => Object.fromEntries(Object.entries(row).map(([column, value]) => [column, typeof value === 'string' ? (renamed.get(value) ?? value) : value]))),
    ]),
  );
}

/** JSON with keys in order and values as PostgreSQL hands them to JSON (dates as ISO text). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner) && !(inner instanceof Date)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * What differs between two snapshots' tables, in words a reader can act on: per table, how many
 * rows each has, and the rows today's replay writes that the expectation does not hold.
 */
export function tableDifferences(expected: ReadModelSnapshot['tables'], actual: ReadModelSnapshot['tables'], actualRows: (table: string) => Promise<string[]>): Promise<string[]> {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return Promise.all(
    names.map(async (table) => {
      const want = expected[table];
      const got = actual[table];
      if (!want) return `${table}: a table the expectation does not have (${got!.rows} rows)`;
      if (!got) return `${table}: expected ${want.rows} rows, but no projection has this table now`;
      if (want.digest === got.digest) return '';
      const known = new Set(want.rowDigests);
      const present = new Set(got.rowDigests);
      const extra = (await actualRows(table)).filter((line) => !known.has(digest(line)));
      const missing = want.rowDigests.filter((row) => !present.has(row)).length;
      return `${table}: expected ${want.rows} rows, replay wrote ${got.rows}; ${missing} expected rows are missing; rows written now that were not expected:\n  ${extra.slice(0, 5).join('\n  ')}`;
    }),
  ).then((lines) => lines.filter((line) => line !== ''));
}

/** A table's rows as the snapshot digests them, for `tableDifferences`. */
export async function canonicalRows(pool: Pool, table: string): Promise<string[]> {
  const { rows } = await pool.query<Record<string, unknown>>(`SELECT * FROM ${table}`);
  // Every column: no read-model column is filled from the clock or a sequence, so a replay gives the same rows each time.
  return rows.map((row) => canonical(row)).sort();
}

import type { ActivityKind } from '@shop/domain';
import type { Pool, PoolClient } from '@shop/infra';
import { auditChanges } from './audit-changes.js';
import type { FieldChange } from './changes.js';

type Db = Pool | PoolClient;

export interface ActivityRow {
  kind: ActivityKind;
  text: string;
  at: string;
  actor: string;
}

export interface TimelineRow {
  step: string;
  label: string;
  at: string;
  detail: Record<string, unknown>;
}

export interface AuditRow {
  revision: number;
  event_id: string;
  global_position: number;
  type: string;
  actor: string;
  at: string;
  changes: FieldChange[];
  data: Record<string, unknown>;
}

/** Oldest first, in stream order. */
export async function findActivity(db: Db, streamId: string): Promise<ActivityRow[]> {
  const result = await db.query<ActivityRow>('SELECT kind, text, at, actor FROM project_activity WHERE stream_id = $1 ORDER BY revision', [streamId]);
  return result.rows;
}

export async function findTimeline(db: Db, streamId: string): Promise<TimelineRow[]> {
  const result = await db.query<TimelineRow>('SELECT step, label, at, detail FROM project_timeline WHERE stream_id = $1 ORDER BY revision', [streamId]);
  return result.rows;
}

/** Every event of a project's stream, oldest first, with what it changed. */
export async function findAuditLog(db: Db, streamId: string): Promise<AuditRow[]> {
  const result = await db.query<Omit<AuditRow, 'changes'>>(
    `SELECT revision, event_id, global_position, type, actor, at, data
       FROM project_audit_log WHERE stream_id = $1 ORDER BY revision`,
    [streamId],
  );
  const changes = auditChanges(result.rows);
  return result.rows.map((row, index) => ({ ...row, changes: changes[index]! }));
}

import type { ActivityKind } from '@shop/domain';
import type { Pool, PoolClient } from '@shop/infra';

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

/** Oldest first, in stream order. */
export async function findActivity(db: Db, streamId: string): Promise<ActivityRow[]> {
  const result = await db.query<ActivityRow>('SELECT kind, text, at, actor FROM project_activity WHERE stream_id = $1 ORDER BY revision', [streamId]);
  return result.rows;
}

export async function findTimeline(db: Db, streamId: string): Promise<TimelineRow[]> {
  const result = await db.query<TimelineRow>('SELECT step, label, at, detail FROM project_timeline WHERE stream_id = $1 ORDER BY revision', [streamId]);
  return result.rows;
}

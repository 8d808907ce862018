import type { ActivityKind } from '@shop/domain';
import { preparedQuery, preparedStatement, type Pool, type PoolClient } from '@shop/infra';

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

const ACTIVITY = preparedStatement('project_activity_of_stream', 'SELECT kind, text, at, actor FROM project_activity WHERE stream_id = $1 ORDER BY revision');
const TIMELINE = preparedStatement('project_timeline_of_stream', 'SELECT step, label, at, detail FROM project_timeline WHERE stream_id = $1 ORDER BY revision');

/** Oldest first, in stream order. */
export async function findActivity(db: Db, streamId: string): Promise<ActivityRow[]> {
  const result = await preparedQuery<ActivityRow>(db, ACTIVITY, [streamId]);
  return result.rows;
}

/** The project's own reads ask for it on every request: a prepared statement (prepared-query.ts). */
export async function findTimeline(db: Db, streamId: string): Promise<TimelineRow[]> {
  const result = await preparedQuery<TimelineRow>(db, TIMELINE, [streamId]);
  return result.rows;
}

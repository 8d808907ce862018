import type { PoolClient, StoredEvent } from '@shop/infra';
import type { BulkProjection } from '../rebuild/bulk-fold.js';

/**
 * A projection folds events into read-model tables. `apply` runs inside the runner's
 * transaction, which also moves the projection's checkpoint: rows and checkpoint commit
 * together or not at all. Table names in its SQL are unqualified, so the runner can point
 * it at fresh tables in another schema (rebuild) through `search_path`.
 */
/** Who could read a stream before a batch's events: users by id, and members of organizations. */
export interface FormerReaders {
  users: string[];
  organizations: string[];
}

export interface Projection {
  name: string;
  /**
   * Bumped by hand whenever what the fold writes changes: a new column (with its migration), a
   * fixed rule, a changed view, a change in the domain's evolve it folds with. Not for a change
   * that leaves every row as it was. A runner that finds its tables built by an older version
   * rebuilds them in the background and swaps them in (docs/decisions/0215-projection-versions.md).
   */
  version: number;
  /** Event types it reacts to; others only move the checkpoint. */
  handles: readonly string[];
  /** Read-model tables it owns (rebuild clones and swaps them). */
  tables: readonly string[];
  /**
   * Folds a batch of events (in the log's order, only types it handles) into its tables, inside
   * the runner's transaction. One function for every size: a batch of one is how the runner finds
   * the event a failing batch stumbled on (decision 0470), so it must leave the same rows as any
   * split of the same events into batches.
   */
  apply: (client: PoolClient, events: readonly StoredEvent[]) => Promise<void>;
  /**
   * Optional, for the projection the live push reads a project's audience from (`projects`): per
   * stream, who could read it before these events (a transfer's old owner and organization), read
   * from its rows before they are applied. The live change of the batch in which this projection
   * applies them carries them, and no other (docs/decisions/0247).
   */
  formerReaders?: (client: PoolClient, events: readonly StoredEvent[]) => Promise<Map<string, FormerReaders>>;
  /**
   * Its one-pass fold when it is not the one registered under its name (read-models/all.ts), as
   * for a projection defined in a test. Such a fold runs in the rebuilding thread only: worker
   * threads load the registered folds.
   */
  bulk?: BulkProjection;
}

export class ProjectionFailedError extends Error {
  constructor(
    readonly projection: string,
    readonly event: StoredEvent,
    override readonly cause: unknown,
  ) {
    super(
      `Projection ${projection} stopped at event ${event.id} (${event.type}, stream ${event.streamId}@${event.revision}, ` +
        `position ${event.globalPosition}): ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'ProjectionFailedError';
  }
}

/**
 * A batch function made of one step per event, for a read model whose rows depend on each other
 * event by event in SQL (notifications) and for the small projections tests define.
 */
export function eachEvent(step: (client: PoolClient, event: StoredEvent) => Promise<void>): Projection['apply'] {
  return async (client, events) => {
    for (const event of events) await step(client, event);
  };
}

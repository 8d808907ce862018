import type { Pool } from '@shop/infra';

export interface RebuildProgress {
  phase: 'load' | 'index' | 'swap' | 'done';
  /** Events read and handed to the folds so far, of `total` readable when the rebuild started. */
  done: number;
  total: number;
  eventsPerSecond: number;
  etaSeconds: number;
}

/**
 * Publishes a rebuild's progress in `rebuild_progress` (at most once a second, and at every change
 * of phase), where the shop's /metrics reads it at scrape time: the replay runs in a process of
 * its own, so the table is what both share. Writing it never fails the rebuild.
 */
export class ProgressBoard {
  private lastWrite = 0;
  private lastPhase: RebuildProgress['phase'] | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly pool: Pool,
    private readonly projections: readonly string[],
  ) {}

  publish(progress: RebuildProgress): void {
    const now = Date.now();
    if (progress.phase === this.lastPhase && now - this.lastWrite < 1000) return;
    this.lastWrite = now;
    this.lastPhase = progress.phase;
    this.writing = this.writing.then(() => this.write(progress)).catch(() => undefined);
  }

  async clear(): Promise<void> {
    await this.writing;
    await this.pool.query('DELETE FROM rebuild_progress WHERE projection = ANY($1)', [this.projections]).catch(() => undefined);
  }

  private async write(progress: RebuildProgress): Promise<void> {
    await this.pool.query(
      `INSERT INTO rebuild_progress (projection, phase, events_done, events_total, events_per_second, eta_seconds, updated_at)
       SELECT p, $2, $3, $4, $5, $6, now() FROM unnest($1::text[]) AS t(p)
       ON CONFLICT (projection) DO UPDATE SET phase = EXCLUDED.phase, events_done = EXCLUDED.events_done,
         events_total = EXCLUDED.events_total, events_per_second = EXCLUDED.events_per_second,
         eta_seconds = EXCLUDED.eta_seconds, updated_at = now()`,
      [this.projections, progress.phase, progress.done, progress.total, progress.eventsPerSecond, progress.etaSeconds],
    );
  }
}

/**
 * Events per second per projection over a sliding window, fed by the projection runner's
 * progress callback. A window (rather than a lifetime average) makes a stalled projection show 0.
 */
export class EventRate {
  private readonly samples = new Map<string, Array<{ at: number; count: number }>>();

  constructor(
    private readonly windowMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  record(name: string, count: number): void {
    const list = this.samples.get(name) ?? [];
    list.push({ at: this.now(), count });
    this.samples.set(name, list);
    this.prune(list);
  }

  perSecond(name: string): number {
    const list = this.samples.get(name);
    if (!list) return 0;
    this.prune(list);
    return list.reduce((sum, sample) => sum + sample.count, 0) / (this.windowMs / 1000);
  }

  private prune(list: Array<{ at: number }>): void {
    const oldest = this.now() - this.windowMs;
    while (list.length > 0 && list[0]!.at < oldest) list.shift();
  }
}

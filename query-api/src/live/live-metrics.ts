import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The live push's figures on /metrics (merged into the process's registry by the composition root). */
export class LiveMetrics {
  readonly registry = new Registry();
  private readonly messages = new Counter({ name: 'live_messages_sent_total', help: 'Change messages written to live streams', registers: [this.registry] });
  private readonly bytes = new Counter({ name: 'live_bytes_sent_total', help: 'Bytes of change messages written to live streams', registers: [this.registry] });
  private readonly refusals = new Counter({
    name: 'live_streams_refused_total',
    help: 'Live streams refused with 429, by the limit that was full (process or session)',
    labelNames: ['limit'],
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'live_append_to_push_seconds',
    help: 'From an event being appended (its occurredAt) to its change being written to the first live stream',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  openStreams(count: () => number): void {
    new Gauge({
      name: 'live_streams_open',
      help: 'Live streams (GET /api/live/) this process holds open',
      registers: [this.registry],
      collect() {
        this.set(count());
      },
    });
  }

  refused(limit: 'process' | 'session'): void {
    this.refusals.inc({ limit });
  }

  sent(messages: number, text: string): void {
    this.messages.inc(messages);
    this.bytes.inc(Buffer.byteLength(text));
  }

  pushed(eventAt: Date | null): void {
    if (eventAt) this.latency.observe(Math.max(0, (Date.now() - eventAt.getTime()) / 1000));
  }
}

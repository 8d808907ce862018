import type { Logger } from '@shop/infra';

/**
 * The background loop of an outbox worker (the mail sender, the payment capturer): run a pass,
 * then sleep until woken (a new row may be due) or until the poll interval has passed. A pass
 * that fails is logged and the next one tries again; `stop` wakes the loop and waits for the
 * pass under way to end.
 */
export class PassLoop {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly options: { logger: Logger; pollIntervalMs?: number; failure: string },
  ) {}

  /** False once stopped: a pass that goes on while work is due asks between rows. */
  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Something new may be due. */
  wake(): void {
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        await this.pass();
      } catch (error) {
        this.options.logger.warn({ err: error }, this.options.failure);
      }
      if (this.running) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.options.pollIntervalMs ?? 1000);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

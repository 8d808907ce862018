import { randomBytes } from 'node:crypto';
import { ensureActiveAccount } from '@shop/command-api';
import { inTransaction, type Clock, type EventStore, type IdGenerator, type Logger, type Pool } from '@shop/infra';

export interface SeedDeps {
  pool: Pool;
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** STAFF_EMAIL + STAFF_PASSWORD: an active staff account ensured at every start. */
  staff?: { STAFF_EMAIL?: string | undefined; STAFF_PASSWORD?: string | undefined };
  /** Demo accounts only where nobody runs a real shop: the embedded database (no DATABASE_URL). */
  demoAccounts?: boolean;
}

export const DEMO_CUSTOMER_EMAIL = 'customer@example.com';
export const DEMO_STAFF_EMAIL = 'staff@example.com';

/**
 * Ensures the STAFF_EMAIL account, and on the very first start of an embedded shop (no accounts yet)
 * makes a demo customer and a demo staff member with fresh random passwords, printed once. The catalogue is
 * loaded by the query side (loadCatalogue). An advisory lock keeps concurrent first starts apart.
 */
export async function seedOnFirstStart(deps: SeedDeps): Promise<void> {
  await inTransaction(deps.pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('seed-accounts'))");
    const existing = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM account_credentials');
    const firstStart = existing.rows[0]?.n === 0;
    const { STAFF_EMAIL, STAFF_PASSWORD } = deps.staff ?? {};
    if (STAFF_EMAIL && STAFF_PASSWORD) {
      await ensureActiveAccount(deps, { email: STAFF_EMAIL, password: STAFF_PASSWORD, name: 'Staff', isStaff: true });
      deps.logger.info({ email: STAFF_EMAIL }, 'staff account from STAFF_EMAIL is active');
    }
    if (firstStart && deps.demoAccounts) await seedDemoAccounts(deps);
  });
}

async function seedDemoAccounts(deps: SeedDeps): Promise<void> {
  const customer = { email: DEMO_CUSTOMER_EMAIL, password: demoPassword(), name: 'Demo Customer', isStaff: false };
  const staff = { email: DEMO_STAFF_EMAIL, password: demoPassword(), name: 'Demo Staff', isStaff: true };
  await ensureActiveAccount(deps, customer);
  await ensureActiveAccount(deps, staff);
  deps.logger.info(
    { customer: { email: customer.email, password: customer.password }, staff: { email: staff.email, password: staff.password } },
    `demo accounts created (shown only now):\n  customer: ${customer.email} / ${customer.password}\n  staff:    ${staff.email} / ${staff.password}`,
  );
}

/** Random, and always within the SPEC §5 password rule (a digit, a lowercase and an uppercase letter). */
const demoPassword = () => `Demo${randomBytes(6).toString('hex')}9x`;

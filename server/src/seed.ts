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
    const staffEmail = STAFF_EMAIL && STAFF_PASSWORD ? STAFF_EMAIL : undefined;
    if (firstStart && deps.demoAccounts) await seedDemoAccounts(deps, staffEmail);
    if (staffEmail && STAFF_PASSWORD) {
      await ensureActiveAccount(deps, { email: staffEmail, password: STAFF_PASSWORD, name: 'Staff', isStaff: true });
      deps.logger.info({ email: staffEmail }, 'staff account from STAFF_EMAIL is active');
    }
  });
}

/** A demo account never takes the STAFF_EMAIL address: that account and its STAFF_PASSWORD win (issue 15). */
async function seedDemoAccounts(deps: SeedDeps, staffEmail: string | undefined): Promise<void> {
  const accounts = [
    { role: 'customer', email: DEMO_CUSTOMER_EMAIL, password: demoPassword(), name: 'Demo Customer', isStaff: false },
    { role: 'staff', email: DEMO_STAFF_EMAIL, password: demoPassword(), name: 'Demo Staff', isStaff: true },
  ].filter((account) => account.email.toLowerCase() !== staffEmail?.toLowerCase());
  for (const account of accounts) await ensureActiveAccount(deps, account);
  const lines = accounts.map((account) => `\n  ${`${account.role}:`.padEnd(9)} ${account.email} / ${account.password}`).join('');
  const shown = Object.fromEntries(accounts.map((account) => [account.role, { email: account.email, password: account.password }]));
  deps.logger.info(shown, `demo accounts created (shown only now):${lines}`);
}

/** Random, and always within the SPEC §5 password rule (a digit, a lowercase and an uppercase letter). */
const demoPassword = () => `Demo${randomBytes(6).toString('hex')}9x`;

import type { Pool } from '../postgres/pool.js';

export interface LoginThrottleLimits {
  /** Failed log-ins allowed per account within the window. */
  perAccount: number;
  /** Failed log-ins allowed per client address within the window. */
  perAddress: number;
  windowMs: number;
}

export const defaultLoginLimits: LoginThrottleLimits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60 * 1000 };

/**
 * Counts failed log-ins in PostgreSQL, so every command-api process shares the count.
 * Only failures count: a person who types the right password is never locked out by
 * their own successful log-ins, and a success clears the account's count.
 */
export class LoginThrottle {
  constructor(
    private readonly pool: Pool,
    private readonly limits: LoginThrottleLimits = defaultLoginLimits,
  ) {}

  /** True when either the account or the address has used up its failures. */
  async isBlocked(email: string, address: string, now: Date): Promise<boolean> {
    const since = new Date(now.getTime() - this.limits.windowMs);
    const result = await this.pool.query<{ key: string; failures: number }>(
      'SELECT key, count(*)::int AS failures FROM login_failures WHERE key = ANY($1) AND at > $2 GROUP BY key',
      [[accountKey(email), addressKey(address)], since],
    );
    const failures = new Map(result.rows.map((row) => [row.key, row.failures]));
    return (failures.get(accountKey(email)) ?? 0) >= this.limits.perAccount || (failures.get(addressKey(address)) ?? 0) >= this.limits.perAddress;
  }

  async recordFailure(email: string, address: string, now: Date): Promise<void> {
    const keys = [accountKey(email), addressKey(address)];
    await this.pool.query('INSERT INTO login_failures (key, at) SELECT unnest($1::text[]), $2', [keys, now]);
    await this.pool.query('DELETE FROM login_failures WHERE key = ANY($1) AND at <= $2', [keys, new Date(now.getTime() - this.limits.windowMs)]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.pool.query('DELETE FROM login_failures WHERE key = $1', [accountKey(email)]);
  }
}

const accountKey = (email: string) => `email:${email.trim().toLowerCase()}`;
const addressKey = (address: string) => `ip:${address}`;

import { createHmac } from 'node:crypto';
import { type Pool } from '@shop/infra';
import { loadOrCreateSecret } from '@shop/http-shell';

/**
 * SPEC §3 `user_hash`: an HMAC of the user id with a shop secret, the form chat and support
 * widgets use to verify who a user is. The secret is shared (app_secrets) so every process,
 * including the query side, computes the same hash.
 */
export class UserHashes {
  private secret: Promise<string> | null = null;

  constructor(private readonly pool: Pool) {}

  async of(userId: string): Promise<string> {
    this.secret ??= loadOrCreateSecret(this.pool, 'user_hash');
    return createHmac('sha256', await this.secret).update(userId).digest('hex');
  }
}

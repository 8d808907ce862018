import { normalizeEmail, type EventStore, type Pool } from '@shop/infra';
import { accountStream } from '../streams.js';

/*
 * Sign-up reserves the e-mail address by storing the credentials, then appends the account's
 * first events (decision 0326). A process killed between the two left the address reserved for
 * good. Now the reservation expires: credentials of an account whose stream never got an event,
 * older than a sign-up takes from the one step to the next, are released when someone signs up
 * with that address again.
 */

/** Far longer than a sign-up spends between its credentials and its events (the hashing comes before both). */
const RESERVATION_EXPIRES = '1 minute';

/** True when the address was held by an expired reservation, now released: the sign-up may try again. */
export async function releaseExpiredReservation(pool: Pool, eventStore: EventStore, email: string): Promise<boolean> {
  const { rows } = await pool.query<{ user_id: string }>(
    `SELECT user_id FROM account_credentials WHERE email = $1 AND created_at < now() - interval '${RESERVATION_EXPIRES}'`,
    [normalizeEmail(email)],
  );
  const holder = rows[0]?.user_id;
  if (holder === undefined) return false;
  if ((await eventStore.readStream(accountStream(holder), { maxCount: 1 })).length > 0) return false;
  const released = await pool.query(`DELETE FROM account_credentials WHERE user_id = $1 AND created_at < now() - interval '${RESERVATION_EXPIRES}'`, [holder]);
  return released.rowCount === 1;
}

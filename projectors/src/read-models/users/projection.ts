import { AccountEvent, accountEventTypes, accountView, evolveAccount, initialAccountState, type AccountStreamState } from '@shop/domain';
import type { PoolClient, StoredEvent } from '@shop/infra';
import { rowPerStream, type BulkProjection } from '../../rebuild/bulk-fold.js';
import type { Projection } from '../../runner/projection.js';

/** Accounts as profiles: folded with the domain's evolve, shown with its accountView. */
export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  handles: accountEventTypes,
  tables: ['users'],
  apply: async (client, event) => {
    const domainEvent = AccountEvent.parse({ type: event.type, data: event.data });
    const before = await loadAccount(client, event.streamId);
    await saveAccount(client, event, evolveAccount(before, domainEvent));
  },
};

async function loadAccount(client: PoolClient, streamId: string): Promise<AccountStreamState> {
  const result = await client.query<{ stream_state: AccountStreamState }>('SELECT stream_state FROM users WHERE stream_id = $1', [streamId]);
  return result.rows[0]?.stream_state ?? initialAccountState();
}

async function saveAccount(client: PoolClient, event: StoredEvent, state: AccountStreamState): Promise<void> {
  const view = accountView(state);
  if (!view) return;
  await client.query(
    `INSERT INTO users (stream_id, user_id, email, stream_state, view) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (stream_id) DO UPDATE SET user_id = EXCLUDED.user_id, email = EXCLUDED.email,
       stream_state = EXCLUDED.stream_state, view = EXCLUDED.view`,
    [event.streamId, view.user_id, view.email, state, view],
  );
}

/** One-pass rebuild: each account folded in memory, one row per stream at the end. */
export const usersBulk: BulkProjection = {
  name: 'users',
  columns: { users: ['stream_id', 'user_id', 'email', 'stream_state', 'view'] },
  create: () => {
    const accounts = new Map<string, AccountStreamState>();
    return {
      add: (event) => {
        const domainEvent = AccountEvent.parse({ type: event.type, data: event.data });
        accounts.set(event.streamId, evolveAccount(accounts.get(event.streamId) ?? initialAccountState(), domainEvent));
      },
      ...rowPerStream(accounts, (streamId, state) => {
        const view = accountView(state);
        return view && ['users', [streamId, view.user_id, view.email, state, view]];
      }),
    };
  },
};

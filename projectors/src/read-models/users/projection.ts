import { AccountEvent, accountEventTypes, accountView, evolveAccount, initialAccountState, type AccountStreamState } from '@shop/domain';
import type { Projection } from '../../runner/projection.js';
import { statePerStream } from '../state-per-stream.js';

/** Accounts as profiles: folded with the domain's evolve, shown with its accountView. */
const users = statePerStream<AccountStreamState>({
  name: 'users',
  state: {
    table: 'users',
    columns: ['stream_id', 'user_id', 'email', 'stream_state', 'view'],
    types: ['text', 'text', 'text', 'jsonb', 'jsonb'],
    row: (streamId, state) => {
      const view = accountView(state);
      return view && [streamId, view.user_id, view.email, state, view];
    },
  },
  step: (state, event) => ({ state: evolveAccount(state ?? initialAccountState(), AccountEvent.parse({ type: event.type, data: event.data })) }),
});

export const usersProjection: Projection = { name: 'users', version: 1, handles: accountEventTypes, tables: ['users'], apply: users.apply };

/** One-pass rebuild: each account folded in memory, one row per stream at the end. */
export const usersBulk = users.bulk;

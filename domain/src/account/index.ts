export * from './actor.js';
export * from './events.js';
export * from './commands.js';
export * from './state.js';
export * from './personal-data.js';
// Unique names, since every context has a decide/evolve/initialState.
export { accountDecider, decide as decideAccount, evolve as evolveAccount } from './decider.js';

export * from './events.js';
export * from './commands.js';
export * from './state.js';
// Unique names, since every context has a decide/evolve/initialState.
export { organizationDecider, decide as decideOrganization, evolve as evolveOrganization } from './decider.js';

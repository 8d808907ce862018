export * from './model.js';
export * from './events.js';
export * from './commands.js';
export * from './state.js';
export * from './transitions.js';
// Unique names, since every context has a decide/evolve/initialState.
export { projectDecider, decide as decideProject, evolve as evolveProject } from './decider.js';
export * from './copy.js';
export * from './dates.js';
export * from './view.js';
export * from './order-number.js';
export * from './item-label.js';
export * from './readiness.js';
export * from './progress.js';
export * from './activity.js';
export * from './ordering.js';
export * from './tracking.js';
export * from './audit-wording.js';
export * from './prices.js';

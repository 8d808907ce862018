export * from './app.js';
export * from './streams.js';
export * from './actor.js';
export * from './accounts/staff-account.js';

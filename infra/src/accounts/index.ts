export * from './passwords.js';
export * from './one-time-tokens.js';
export * from './credentials.js';
export * from './login-throttle.js';

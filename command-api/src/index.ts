export * from './app.js';
export * from './command-handler.js';

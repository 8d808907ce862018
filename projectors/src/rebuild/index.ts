export * from './rebuild.js';
export * from './rebuild-all.js';
export * from './shadow-schema.js';
export * from './swap-in.js';

export * from './rebuild.js';
export * from './rebuild-all.js';
export * from './shadow-schema.js';
export * from './swap-in.js';
export * from './one-pass.js';
export * from './bulk-fold.js';
export { stagingTablesSql } from './staging.js';

export * from './mail-transport.js';
export * from './mail-files.js';
export * from './templates/index.js';

export * from './mail-transport.js';
export * from './mail-files.js';

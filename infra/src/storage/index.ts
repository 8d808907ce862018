export * from './upload-storage.js';

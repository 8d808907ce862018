export * from './messages.js';
export * from './credentials.js';
export * from './image-file-name.js';
export * from './shipping.js';
export * from './line-item.js';
export * from './project.js';
export * from './quote-completeness.js';

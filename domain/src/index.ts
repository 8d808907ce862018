export * from './shared/decider.js';
export * from './shared/errors.js';
export * from './project/model.js';
export * from './project/index.js';
export * from './account/index.js';
export * from './organization/index.js';

export * from './shared/decider.js';
export * from './shared/errors.js';
export * from './project/model.js';

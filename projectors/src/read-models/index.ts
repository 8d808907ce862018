// The read models' query functions: what the query API may import from the projectors.
export * from './projects/queries.js';
export * from './project-history/queries.js';
export type { FieldChange } from './project-history/changes.js';
export * from './revenue/queries.js';
export * from './users/queries.js';
export * from './organizations/queries.js';
export * from './notifications/queries.js';
export * from './catalogue/queries.js';
export * from './catalogue/load-catalogue.js';

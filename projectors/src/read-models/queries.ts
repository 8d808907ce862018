// The read models' query functions: all the query API may import from the projectors
// (package sub-path `@shop/projectors/queries`), nothing that runs projections, relays or reactors.
export * from './projects/queries.js';
export * from './project-history/queries.js';
export * from './project-audit/audit-log.js';
export type { FieldChange } from './project-audit/changes.js';
export * from './revenue/queries.js';
export * from './project-flow/queries.js';
export * from './users/queries.js';
export * from './organizations/queries.js';
export * from './notifications/queries.js';
export * from './catalogue/queries.js';
export * from './time-travel/project-as-of.js';
export * from './personal-data/events-naming.js';
export { countsFromDetailsSql } from './projects/counts.js';

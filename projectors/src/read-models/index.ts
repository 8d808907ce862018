export * from './queries.js';
export * from './catalogue/load-catalogue.js';

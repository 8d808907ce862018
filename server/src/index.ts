export * from './shop.js';
export * from './scaled-shop.js';
export { routeTableOf } from './scaled-routing.js';
export { generateDemoData, type DemoSummary } from './demo-data/generate.js';
export { realCustomers } from './demo-data/live-shop.js';

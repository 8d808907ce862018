export * from './money.js';
export * from './fabric-price.js';
export * from './cushion-pricing.js';
export * from './tax.js';
export * from './delivery.js';
export * from './project-cost.js';
export * from './line-item-quote.js';

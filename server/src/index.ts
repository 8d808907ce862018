export * from './shop.js';
export * from './scaled-shop.js';

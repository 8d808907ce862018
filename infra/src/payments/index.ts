export * from './payment-gateway.js';
export * from './sandbox-gateway.js';

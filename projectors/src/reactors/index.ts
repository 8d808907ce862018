export * from './mail/mail-reactor.js';
export * from './mail/mail-requests.js';
export * from './payments/payment-reactor.js';
export * from './payments/payment-capturer.js';
export { paymentCaptureOutboxProjection } from './payments/payment-capture-outbox-projection.js';

export * from './mail/mail-reactor.js';
export * from './mail/mail-requests.js';

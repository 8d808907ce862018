export * from './mail/mail-reactor.js';
export * from './mail/mail-requests.js';
export * from './mail/mail-templates.js';

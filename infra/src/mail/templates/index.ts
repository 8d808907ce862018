export * from './mail-content.js';
export { renderMail } from './render-mail.js';
export { mailProjectOf } from './mail-project.js';

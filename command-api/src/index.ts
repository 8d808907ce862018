export * from './app.js';
export * from './streams.js';
export * from './actor.js';
export * from './accounts/staff-account.js';
export { currentDraft, runProjectCommands, type ProjectCommandInput } from './projects/project-commands.js';
export { customerStateMove } from './projects/draft-changes.js';
export { internalUpdateCommands, type InternalUpdateBody } from './projects/internal-update.js';
export { planPayment, notesWithPaymentDetails } from './projects/checkout-payment.js';
export { reapplyErasure } from './privacy/erase-person.js';

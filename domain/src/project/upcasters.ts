import type { Upcaster } from '../versioning/upcasters.js';

/**
 * PaymentRecorded 1 → 2: version 2 keeps the gateway's charge reference in its own field.
 * Version 1 wrote it only into the text (`Card payment via sandbox, charge <id>`); a payment
 * staff recorded by hand has none.
 */
const paymentRecordedV1: Upcaster = {
  type: 'PaymentRecorded',
  fromVersion: 1,
  upcast: (data) => {
    const details = typeof data.details === 'string' ? data.details : '';
    return { ...data, chargeId: /\bcharge (\S+)$/.exec(details)?.[1] ?? null };
  },
};

export const projectUpcasters: Upcaster[] = [paymentRecordedV1];

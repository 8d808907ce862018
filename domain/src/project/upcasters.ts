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

/**
 * FabricArrived → FabricReceived (the worked rename, docs/decisions/0357): the event says the
 * shop received the customer's or the supplier's fabric; its data did not change. Events stored
 * before the rename are read as FabricReceived version 1; audit and timeline wording is keyed by
 * the new name and reads as before ("Fabric arrived").
 */
const fabricArrivedRenamed: Upcaster = {
  type: 'FabricArrived',
  fromVersion: 1,
  renameTo: { type: 'FabricReceived', version: 1 },
  upcast: (data) => data,
};

export const projectUpcasters: Upcaster[] = [paymentRecordedV1, fabricArrivedRenamed];

/**
 * Which fields of which events hold personal data (GDPR art. 4: names, e-mail addresses, phone
 * numbers, shipping addresses, a customer's own file names), as pure data beside the event
 * schemas. The event store's personal-data protector encrypts exactly these fields with the
 * subject's data key, and erasure replaces exactly these fields with ERASED, so a replay after
 * erasure and the live erasure of read models agree (docs/decisions/0160).
 */

/** What a personal field reads as once its subject's key is destroyed. */
export const ERASED = '[erased]';

/** Dotted paths into an event's `data`; only string leaves are personal. */
const shippingAddress = ['recipient_name', 'line1', 'city', 'state', 'postal_code'].map((field) => `shipping_notes.shipping_address.${field}`);

export const personalFields: Readonly<Record<string, readonly string[]>> = {
  // Account streams: the subject is the account's own user.
  Registered: ['email', 'name', 'phone'],
  ActivationRequested: ['email'],
  PasswordResetRequested: ['email'],
  ProfileUpdated: ['email', 'name', 'phone'],
  ProfileCompletionRequested: ['email'],
  GuestProfileCompleted: ['email', 'name', 'phone'],
  // Project streams: the subject is the project's owner.
  ProjectCreated: shippingAddress,
  ProjectCopied: shippingAddress,
  DraftSaved: shippingAddress,
  CheckoutDetailsUpdated: shippingAddress,
  ImageUploaded: ['fileName'],
  InvoiceSent: ['email'],
  EmailRequested: ['to'],
  // A mail server's refusal usually quotes the recipient's address.
  EmailFailed: ['reason'],
};

/**
 * Events that say whose personal data a stream holds from then on: the user id field of the
 * event. Account streams name their user at birth; a project names its owner, and a transfer
 * moves the project's future personal data to the new owner.
 */
export const subjectFields: Readonly<Record<string, string>> = {
  Registered: 'userId',
  GuestCreated: 'userId',
  ProjectCreated: 'ownerId',
  ProjectCopied: 'ownerId',
  ProjectTransferred: 'toUserId',
};

/** The subject an event names, or null when it names none. */
export function subjectNamedBy(type: string, data: Record<string, unknown>): string | null {
  const field = subjectFields[type];
  const value = field ? data[field] : undefined;
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Applies `replace` to every personal string leaf of an event's data; a new object, the input is untouched. */
export function mapPersonalFields(type: string, data: Record<string, unknown>, replace: (value: string, path: string) => string): Record<string, unknown> {
  const paths = personalFields[type];
  if (!paths) return data;
  let result = data;
  for (const path of paths) result = mapAt(result, path.split('.'), (value) => replace(value, path));
  return result;
}

/** The event's data with every personal field present replaced by ERASED. */
export const erasePersonalFields = (type: string, data: Record<string, unknown>): Record<string, unknown> =>
  mapPersonalFields(type, data, () => ERASED);

function mapAt(object: Record<string, unknown>, keys: string[], replace: (value: string) => string): Record<string, unknown> {
  const [key, ...rest] = keys;
  if (key === undefined || !(key in object)) return object;
  const value = object[key];
  if (rest.length === 0) return typeof value === 'string' ? { ...object, [key]: replace(value) } : object;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return object;
  return { ...object, [key]: mapAt(value as Record<string, unknown>, rest, replace) };
}

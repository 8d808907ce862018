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

/**
 * Applies `replace` to every personal string leaf of an event's data; a new object, the input is
 * untouched. Copy-on-write: each object on the way to a changed field is copied once, however many
 * of its fields change (an address's five fields: one copy of it, not five of every level).
 */
export function mapPersonalFields(type: string, data: Record<string, unknown>, replace: (value: string, path: string) => string): Record<string, unknown> {
  const paths = splitPaths(type);
  if (!paths) return data;
  const copies = new Map<Record<string, unknown>, Record<string, unknown>>();
  const copyOf = (original: Record<string, unknown>) => {
    let copy = copies.get(original);
    if (!copy) copies.set(original, (copy = { ...original }));
    return copy;
  };
  for (const { path, keys } of paths) {
    const chain = objectsAlong(data, keys);
    const leaf = keys[keys.length - 1]!;
    const holder = chain?.[chain.length - 1];
    const value = holder && leaf in holder ? holder[leaf] : undefined;
    if (!chain || typeof value !== 'string') continue;
    let copy = copyOf(chain[0]!);
    for (let level = 1; level < chain.length; level++) copy = copy[keys[level - 1]!] = copyOf(chain[level]!);
    copy[leaf] = replace(value, path);
  }
  return copies.get(data) ?? data;
}

/** The objects from `data` down to the one holding the path's last key; null where the path leaves objects. */
function objectsAlong(data: Record<string, unknown>, keys: readonly string[]): Record<string, unknown>[] | null {
  const chain = [data];
  let node = data;
  for (let level = 0; level < keys.length - 1; level++) {
    const key = keys[level]!;
    const next = key in node ? node[key] : undefined;
    if (!next || typeof next !== 'object' || Array.isArray(next)) return null;
    node = next as Record<string, unknown>;
    chain.push(node);
  }
  return chain;
}

const split = new Map<string, ReadonlyArray<{ path: string; keys: readonly string[] }>>();

function splitPaths(type: string): ReadonlyArray<{ path: string; keys: readonly string[] }> | undefined {
  const paths = personalFields[type];
  if (!paths) return undefined;
  let known = split.get(type);
  if (!known) split.set(type, (known = paths.map((path) => ({ path, keys: path.split('.') }))));
  return known;
}

/** The event's data with every personal field present replaced by ERASED. */
export const erasePersonalFields = (type: string, data: Record<string, unknown>): Record<string, unknown> =>
  mapPersonalFields(type, data, () => ERASED);


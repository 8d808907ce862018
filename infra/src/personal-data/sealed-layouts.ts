/**
 * The order in which a `pd4:` envelope holds an event's personal values (decision 0292): its clear
 * text is `[layout, value, value, ...]`, each value the string at the layout's path of the same
 * place (null where the event held none), with no keys at all. Which path a value belongs to is
 * therefore pinned here, not read from the domain's declaration (whose order or paths may change):
 * an envelope names its layout by number, and a number, once written, means the same paths in the
 * same order for ever.
 *
 * NEVER edit or reorder a layout below: envelopes in the log were written with it. When the domain
 * declares other personal paths for a type (personal-data.ts), append a new layout with them; new
 * envelopes use a type's last layout (a unit test checks it lists exactly the declared paths).
 */
const address = ['recipient_name', 'line1', 'city', 'state', 'postal_code'].map((field) => `shipping_notes.shipping_address.${field}`);

export const sealedLayouts: Readonly<Record<string, ReadonlyArray<readonly string[]>>> = {
  Registered: [['email', 'name', 'phone']],
  ActivationRequested: [['email']],
  PasswordResetRequested: [['email']],
  ProfileUpdated: [['email', 'name', 'phone']],
  ProfileCompletionRequested: [['email']],
  GuestProfileCompleted: [['email', 'name', 'phone']],
  ProjectCreated: [address],
  ProjectCopied: [address],
  DraftSaved: [address],
  CheckoutDetailsUpdated: [address],
  ImageUploaded: [['fileName']],
  InvoiceSent: [['email']],
  EmailRequested: [['to']],
  EmailFailed: [['reason']],
};

const current = new Map<string, { number: number; paths: readonly string[] }>(
  Object.entries(sealedLayouts).map(([type, layouts]) => [type, { number: layouts.length - 1, paths: layouts[layouts.length - 1]! }]),
);

/** The layout new envelopes of a type are written with, and its number; undefined for a type with none. */
export function currentLayout(type: string): { number: number; paths: readonly string[] } | undefined {
  return current.get(type);
}

/** The paths of a written layout; throws for a number this code does not know (an envelope written by newer code: the number is sealed with the values, so it cannot be changed without the key). */
export function layoutAt(type: string, number: unknown): readonly string[] {
  const paths = typeof number === 'number' ? sealedLayouts[type]?.[number] : undefined;
  if (!paths) throw new Error(`a sealed ${type} event names layout ${String(number)}, which this code does not know (sealed-layouts.ts)`);
  return paths;
}

import { personalFields } from '@shop/domain';

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
 * envelopes use a type's last layout, which must list exactly the declared paths (a unit test
 * checks it; an append of a type whose layout differs fails rather than leave a path in clear).
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

/** Each declared type's layout for new envelopes; a string where the last layout does not list exactly the declared paths. */
const current = new Map<string, { number: number; paths: readonly string[] } | string>(
  Object.entries(personalFields).map(([type, declared]) => {
    const layouts = sealedLayouts[type] ?? [];
    const paths = layouts[layouts.length - 1];
    const same = paths !== undefined && paths.length === declared.length && declared.every((path) => paths.includes(path));
    return [type, same ? { number: layouts.length - 1, paths } : `${type} declares personal paths that its last sealed layout does not list: append a layout in sealed-layouts.ts`];
  }),
);

/**
 * The layout new envelopes of a type are written with, and its number; undefined for a type that
 * declares no personal paths. Throws when the declaration and the last layout differ: a path left
 * out of the layout would be stored in clear.
 */
export function currentLayout(type: string): { number: number; paths: readonly string[] } | undefined {
  const layout = current.get(type);
  if (typeof layout === 'string') throw new Error(layout);
  return layout;
}

/** The paths of a written layout; throws for a number this code does not know (an envelope written by newer code: the number is sealed with the values, so it cannot be changed without the key). */
export function layoutAt(type: string, number: unknown): readonly string[] {
  const paths = typeof number === 'number' ? sealedLayouts[type]?.[number] : undefined;
  if (!paths) throw new Error(`a sealed ${type} event names layout ${String(number)}, which this code does not know (sealed-layouts.ts)`);
  return paths;
}

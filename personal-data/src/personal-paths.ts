import { personalFields } from '@shop/domain';

/**
 * Where an event's personal fields sit in its data, for the sealed envelope: taken out (each
 * replaced by a placeholder) before sealing, put back after opening. Every event of a log read
 * passes here, so both walk precompiled paths and copy each object on the way to a field once,
 * with no closure or map per event.
 *
 * What is taken out is a fragment of the data: `{ shipping_notes: { shipping_address: { city: … } } }`.
 * Half the bytes of the fields by dotted path that envelopes held first (`pd1:`, still read by
 * `putBackByPath`), so half the JSON and base64 in every stored row of a personal event.
 */
export type Data = Record<string, unknown>;

const splitPaths = new Map<string, readonly string[]>();

function keysOf(path: string): readonly string[] {
  let keys = splitPaths.get(path);
  if (!keys) {
    keys = path.split('.');
    // Paths come from the declarations (and from envelopes they wrote): few; bounded all the same.
    if (splitPaths.size < 1000) splitPaths.set(path, keys);
  }
  return keys;
}

const isObject = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A type's personal fields grouped by the object that holds them: walked once per holder, not once per field. */
interface Holder {
  keys: readonly string[];
  leaves: readonly string[];
}
const holdersByType = new Map<string, readonly Holder[]>();

function holdersOf(type: string, paths: readonly string[]): readonly Holder[] {
  let holders = holdersByType.get(type);
  if (!holders) {
    const grouped = new Map<string, { keys: readonly string[]; leaves: string[] }>();
    for (const path of paths) {
      const keys = keysOf(path);
      const at = keys.slice(0, -1);
      const group = grouped.get(at.join('.')) ?? { keys: at, leaves: [] };
      group.leaves.push(keys[keys.length - 1]!);
      grouped.set(at.join('.'), group);
    }
    holders = [...grouped.values()];
    // Types come from the declarations: few.
    holdersByType.set(type, holders);
  }
  return holders;
}

/**
 * The event's personal string fields as a fragment of its data, and the data with each replaced
 * by `placeholder`; null when the event holds none (its type declares none, or they are absent).
 */
export function takeOut(type: string, data: Data, placeholder: string): { fragment: Data; data: Data } | null {
  const paths = personalFields[type];
  if (!paths) return null;
  let fragment: Data | null = null;
  let copy: Data = data;
  for (const { keys, leaves } of holdersOf(type, paths)) {
    const holder = holderAt(data, keys);
    if (!holder) continue;
    let into: Data | null = null;
    let copied: Data | null = null;
    for (const leaf of leaves) {
      if (!Object.hasOwn(holder, leaf) || typeof holder[leaf] !== 'string') continue;
      if (!into) {
        into = fragment ??= {};
        for (const key of keys) into = (into[key] ??= {}) as Data;
        if (copy === data) copy = { ...data };
        copied = copyTo(copy, data, keys);
      }
      into[leaf] = holder[leaf];
      copied![leaf] = placeholder;
    }
  }
  return fragment ? { fragment, data: copy } : null;
}

/**
 * The data with the fragment's strings put back where the data holds a string (the placeholder),
 * and without the key `omit` (the envelope). A new object; the input is untouched.
 */
export function putBack(data: Data, fragment: Data, omit: string): Data {
  const copy: Data = {};
  for (const key in data) if (key !== omit) copy[key] = data[key];
  merge(copy, fragment);
  return copy;
}

/** Into `copy` (a shallow copy of its original), the fragment's strings, copying each object on the way once. */
function merge(copy: Data, fragment: Data): void {
  for (const key in fragment) {
    const value = fragment[key];
    const held = Object.hasOwn(copy, key) ? copy[key] : undefined;
    if (typeof value === 'string') {
      if (typeof held === 'string') copy[key] = value;
    } else if (isObject(value) && isObject(held)) {
      const nested = { ...held };
      copy[key] = nested;
      merge(nested, value);
    }
  }
}

/** As `putBack`, for the first envelopes' fields by dotted path. */
export function putBackByPath(data: Data, values: Record<string, string>, omit: string): Data {
  const copy: Data = {};
  for (const key in data) if (key !== omit) copy[key] = data[key];
  for (const path in values) {
    const keys = keysOf(path);
    const leaf = keys[keys.length - 1]!;
    const holder = holderIn(data, keys);
    if (holder && Object.hasOwn(holder, leaf) && typeof holder[leaf] === 'string') copyAlong(copy, data, keys)[leaf] = values[path];
  }
  return copy;
}

/** The object in `data` that holds the path's last key; null where the path leaves objects. */
function holderIn(data: Data, keys: readonly string[]): Data | null {
  return holderAt(data, keys.slice(0, -1));
}

/** The object at `keys` in `data` (data itself for none); null where the path leaves objects. */
function holderAt(data: Data, keys: readonly string[]): Data | null {
  let node = data;
  for (const key of keys) {
    const next = Object.hasOwn(node, key) ? node[key] : undefined;
    if (!isObject(next)) return null;
    node = next;
  }
  return node;
}

/**
 * In `copy` (a shallow copy of `original`), the holder of the path's last key, copying each object
 * on the way that is still the original's (so a second field of the same address copies nothing).
 */
function copyAlong(copy: Data, original: Data, keys: readonly string[]): Data {
  return copyTo(copy, original, keys.slice(0, -1));
}

/** In `copy` (a shallow copy of `original`), the object at `keys`, copying each object on the way that is still the original's. */
function copyTo(copy: Data, original: Data, keys: readonly string[]): Data {
  let holder = copy;
  let source = original;
  for (const key of keys) {
    const next = source[key] as Data;
    if (holder[key] === next) holder[key] = { ...next };
    holder = holder[key] as Data;
    source = next;
  }
  return holder;
}

/** A layout's paths (sealed-layouts.ts) grouped by the object that holds them, each leaf with its place in the layout. */
interface Placed {
  keys: readonly string[];
  leaves: ReadonlyArray<{ leaf: string; at: number }>;
}
const placedByLayout = new Map<readonly string[], readonly Placed[]>();

function placedOf(layout: readonly string[]): readonly Placed[] {
  let placed = placedByLayout.get(layout);
  if (!placed) {
    const grouped = new Map<string, { keys: readonly string[]; leaves: Array<{ leaf: string; at: number }> }>();
    layout.forEach((path, at) => {
      const keys = keysOf(path);
      const holder = keys.slice(0, -1);
      const group = grouped.get(holder.join('.')) ?? { keys: holder, leaves: [] };
      group.leaves.push({ leaf: keys[keys.length - 1]!, at });
      grouped.set(holder.join('.'), group);
    });
    placed = [...grouped.values()];
    // Layouts are the pinned ones of sealed-layouts.ts: few.
    placedByLayout.set(layout, placed);
  }
  return placed;
}

/**
 * The event's personal string values in the layout's order after `head` (`[head, value or null, ...]`,
 * trailing nulls left off), and the data with each replaced by `placeholder`; null when the event
 * holds none. The values carry no keys: the layout says where each belongs (`putBackValues`).
 */
export function takeValues(layout: readonly string[], head: number, data: Data, placeholder: string): { values: unknown[]; data: Data } | null {
  let values: unknown[] | null = null;
  let last = 0;
  let copy: Data = data;
  for (const { keys, leaves } of placedOf(layout)) {
    const holder = holderAt(data, keys);
    if (!holder) continue;
    let copied: Data | null = null;
    for (const { leaf, at } of leaves) {
      const value = Object.hasOwn(holder, leaf) ? holder[leaf] : undefined;
      if (typeof value !== 'string') continue;
      if (!values) {
        values = new Array<unknown>(layout.length + 1).fill(null);
        values[0] = head;
      }
      values[at + 1] = value;
      if (at + 1 > last) last = at + 1;
      if (!copied) {
        if (copy === data) copy = { ...data };
        copied = copyTo(copy, data, keys);
      }
      copied[leaf] = placeholder;
    }
  }
  if (!values) return null;
  values.length = last + 1;
  return { values, data: copy };
}

/**
 * The data with `values` (as `takeValues` gave them, `head` first) put back at the layout's paths
 * where the data holds a string (the placeholder), and without the key `omit` (the envelope). A new
 * object; the input is untouched.
 */
export function putBackValues(layout: readonly string[], data: Data, values: readonly unknown[], omit: string): Data {
  const copy: Data = {};
  for (const key in data) if (key !== omit) copy[key] = data[key];
  for (const { keys, leaves } of placedOf(layout)) {
    const holder = holderAt(data, keys);
    if (!holder) continue;
    let copied: Data | null = null;
    for (const { leaf, at } of leaves) {
      const value = values[at + 1];
      if (typeof value !== 'string' || !Object.hasOwn(holder, leaf) || typeof holder[leaf] !== 'string') continue;
      (copied ??= copyTo(copy, data, keys))[leaf] = value;
    }
  }
  return copy;
}

import { describe, expect, it } from 'vitest';
import { dataToAppend, isKnownEventType, readDomainEvents, schemaVersionOf, storedEventTypes, typesReadAs, UnknownEventTypeError } from './domain-events.js';

const readDomainEvent = (stored: Parameters<typeof readDomainEvents>[0]) => {
  const read = readDomainEvents(stored);
  expect(read).toHaveLength(1);
  return read[0];
};
import { UpcasterRegistry } from './upcasters.js';

const stamp = { at: '2024-03-01T10:00:00.000Z', by: 'u-1' };

describe('upcaster registry', () => {
  const registry = new UpcasterRegistry([
    { type: 'Renamed', fromVersion: 1, upcast: ({ old, ...rest }) => ({ ...rest, middle: old }) },
    { type: 'Renamed', fromVersion: 2, upcast: ({ middle, ...rest }) => ({ ...rest, current: middle }) },
  ]);

  it('chains every step from the stored version to the current one', () => {
    expect(registry.currentVersion('Renamed')).toBe(3);
    expect(registry.upcast({ type: 'Renamed', schemaVersion: 1, data: { old: 'x' } })).toEqual({ type: 'Renamed', schemaVersion: 3, data: { current: 'x' } });
    expect(registry.upcast({ type: 'Renamed', schemaVersion: 2, data: { middle: 'y' } })).toEqual({ type: 'Renamed', schemaVersion: 3, data: { current: 'y' } });
  });

  it('leaves current events and unversioned types as they are', () => {
    const current = { type: 'Renamed', schemaVersion: 3, data: { current: 'z' } };
    expect(registry.upcast(current)).toBe(current);
    expect(registry.currentVersion('Other')).toBe(1);
  });

  it('refuses a gap or a duplicate in the chain', () => {
    expect(() => new UpcasterRegistry([{ type: 'A', fromVersion: 2, upcast: (data) => data }])).toThrow('No upcaster for A@1');
    const twice = { type: 'A', fromVersion: 1, upcast: (data: Record<string, unknown>) => data };
    expect(() => new UpcasterRegistry([twice, twice])).toThrow('Two upcasters for A@1');
  });
});

describe('renaming an event type', () => {
  const registry = new UpcasterRegistry([
    { type: 'Old', fromVersion: 1, upcast: ({ a, ...rest }) => ({ ...rest, b: a }) },
    { type: 'Old', fromVersion: 2, renameTo: { type: 'New', version: 1 }, upcast: (data) => data },
    { type: 'New', fromVersion: 1, upcast: (data) => ({ ...data, c: true }) },
  ]);

  it('reads every stored version of the old type as the new type, through both chains', () => {
    expect(registry.upcast({ type: 'Old', schemaVersion: 1, data: { a: 1 } })).toEqual({ type: 'New', schemaVersion: 2, data: { b: 1, c: true } });
    expect(registry.upcast({ type: 'Old', schemaVersion: 2, data: { b: 2 } })).toEqual({ type: 'New', schemaVersion: 2, data: { b: 2, c: true } });
    expect(registry.currentVersion('New')).toBe(2);
    expect(registry.readsAs('Old')).toEqual(['New']);
    expect(registry.fates()).toEqual([
      { type: 'New', fate: 'current', version: 2 },
      { type: 'Old', fate: 'renamed', fromVersion: 2, to: 'New', toVersion: 1 },
    ]);
  });

  it('refuses a loop of renames and an upcaster after the rename', () => {
    const rename = (type: string, to: string) => ({ type, fromVersion: 1, renameTo: { type: to, version: 1 }, upcast: (data: Record<string, unknown>) => data });
    expect(() => new UpcasterRegistry([rename('A', 'B'), rename('B', 'A')])).toThrow('Event types renamed or split in a loop: A → B → A');
    expect(() => new UpcasterRegistry([rename('A', 'B'), { type: 'A', fromVersion: 2, upcast: (data) => data }])).toThrow('Upcaster for A@2 after A was renamed to B');
  });
});

describe('splitting and retiring an event type (decision 0371)', () => {
  const registry = new UpcasterRegistry([
    { type: 'Measured', fromVersion: 1, upcast: ({ w, ...rest }) => ({ ...rest, width: w }) },
    {
      type: 'Measured',
      fromVersion: 2,
      split: {
        into: ['WidthSet', 'HeightSet'],
        parts: ({ width, height }) => [
          { type: 'WidthSet', version: 1, data: { width } },
          ...(height === undefined ? [] : [{ type: 'HeightSet', version: 1, data: { height } }]),
        ],
      },
    },
    { type: 'WidthSet', fromVersion: 1, upcast: (data) => ({ ...data, unit: 'in' }) },
    { type: 'Pinged', fromVersion: 1, retire: { reason: 'said nothing a reader used' } },
  ]);

  it('reads one stored event as several of today, in order, each through its own chain', () => {
    expect(registry.readAs({ type: 'Measured', schemaVersion: 1, data: { w: 3, height: 4 } })).toEqual([
      { type: 'WidthSet', schemaVersion: 2, data: { width: 3, unit: 'in' } },
      { type: 'HeightSet', schemaVersion: 1, data: { height: 4 } },
    ]);
    expect(registry.readAs({ type: 'Measured', schemaVersion: 2, data: { width: 5 } })).toEqual([{ type: 'WidthSet', schemaVersion: 2, data: { width: 5, unit: 'in' } }]);
    expect(registry.readsAs('Measured')).toEqual(['WidthSet', 'HeightSet']);
  });

  it('reads a retired type as nothing, and lists it with its reason', () => {
    expect(registry.readAs({ type: 'Pinged', schemaVersion: 1, data: {} })).toEqual([]);
    expect(registry.readsAs('Pinged')).toEqual([]);
    expect(registry.fates()).toEqual([
      { type: 'Measured', fate: 'split', fromVersion: 2, into: ['WidthSet', 'HeightSet'] },
      { type: 'Pinged', fate: 'retired', fromVersion: 1, reason: 'said nothing a reader used' },
      { type: 'WidthSet', fate: 'current', version: 2 },
    ]);
  });

  it('leaves an event of a current type as the one event it is', () => {
    const current = { type: 'WidthSet', schemaVersion: 2, data: { width: 1, unit: 'in' } };
    expect(registry.readAs(current)).toEqual([current]);
    expect(registry.readAs(current)[0]).toBe(current);
  });

  it('refuses a part of a type the split does not list, a split in a loop, and an upcaster after the end', () => {
    const stray = new UpcasterRegistry([{ type: 'A', fromVersion: 1, split: { into: ['B'], parts: () => [{ type: 'C', version: 1, data: {} }] } }]);
    expect(() => stray.readAs({ type: 'A', schemaVersion: 1, data: {} })).toThrow('A split into C, which its upcaster does not list');
    const split = (type: string, into: string) => ({ type, fromVersion: 1, split: { into: [into], parts: () => [] } });
    expect(() => new UpcasterRegistry([split('A', 'B'), split('B', 'A')])).toThrow('Event types renamed or split in a loop: A → B → A');
    expect(() => new UpcasterRegistry([{ type: 'A', fromVersion: 1, retire: { reason: 'r' } }, { type: 'A', fromVersion: 2, upcast: (data) => data }])).toThrow(
      'Upcaster for A@2 after A was retired',
    );
  });
});

describe('the shop\'s registry of stored event types', () => {
  it('lists the renamed FabricArrived beside its new type, and reads an old one as FabricReceived (decision 0357)', () => {
    expect(storedEventTypes).toContainEqual({ type: 'FabricArrived', fate: 'renamed', fromVersion: 1, to: 'FabricReceived', toVersion: 1 });
    expect(storedEventTypes).toContainEqual({ type: 'FabricReceived', fate: 'current', version: 1 });
    expect(schemaVersionOf('FabricReceived')).toBe(1);
    expect(typesReadAs('FabricArrived')).toEqual(['FabricReceived']);
    expect(readDomainEvent({ type: 'FabricArrived', schemaVersion: 1, data: { fabricId: null, ...stamp } })).toEqual({ type: 'FabricReceived', data: { fabricId: null, ...stamp } });
    // New events are written only under the new name.
    expect(() => dataToAppend('FabricArrived', { fabricId: null, ...stamp })).toThrow(UnknownEventTypeError);
  });

  it('knows every type it lists, and nothing else', () => {
    for (const { type } of storedEventTypes) expect(isKnownEventType(type)).toBe(true);
    expect(isKnownEventType('NoSuchEvent')).toBe(false);
    expect(new Set(storedEventTypes.map((fate) => fate.type)).size).toBe(storedEventTypes.length);
  });
});

describe('reading stored events', () => {
  it('upcasts PaymentRecorded 1 → 2, taking the charge id out of the text', () => {
    const v1 = { amount: 500, partial: false, remaining: 0, details: 'Card payment via sandbox (TEST MODE), charge sandbox_abc', ...stamp };
    expect(schemaVersionOf('PaymentRecorded')).toBe(2);
    expect(readDomainEvent({ type: 'PaymentRecorded', schemaVersion: 1, data: v1 })).toEqual({ type: 'PaymentRecorded', data: { ...v1, chargeId: 'sandbox_abc' } });
    const byHand = { ...v1, details: 'check #12' };
    expect(readDomainEvent({ type: 'PaymentRecorded', schemaVersion: 1, data: byHand })).toEqual({ type: 'PaymentRecorded', data: { ...byHand, chargeId: null } });
  });

  it('parses with the domain schema and fails loudly on a wrong shape or an unknown type', () => {
    expect(schemaVersionOf('NotificationRemoved')).toBe(1);
    expect(() => readDomainEvent({ type: 'NotificationRemoved', schemaVersion: 1, data: { ...stamp } })).toThrow();
    expect(() => readDomainEvent({ type: 'NoSuchEvent', schemaVersion: 1, data: {} })).toThrow('Unknown event type NoSuchEvent');
    expect(() => readDomainEvent({ type: 'NoSuchEvent', schemaVersion: 1, data: {}, streamId: 'project-p1' })).toThrow('Unknown event type NoSuchEvent in stream project-p1');
  });
});

describe('appending new events', () => {
  it('takes the data its schema reads, leaving out keys the schema does not know, and refuses a wrong shape or an unknown type', () => {
    const payment = { amount: 500, partial: false, remaining: 0, details: 'check #12', chargeId: null, ...stamp };
    expect(dataToAppend('PaymentRecorded', payment)).toEqual(payment);
    expect(dataToAppend('PaymentRecorded', { ...payment, leftOver: 'x' })).toEqual(payment);
    expect(() => dataToAppend('PaymentRecorded', { ...payment, amount: 'five' })).toThrow();
    expect(() => dataToAppend('NotificationRemoved', { ...stamp })).toThrow();
    expect(() => dataToAppend('NoSuchEvent', {})).toThrow('Unknown event type NoSuchEvent');
  });
});

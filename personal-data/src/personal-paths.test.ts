import { personalFields } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { putBack, putBackValues, takeOut, takeValues, type Data } from './personal-paths.js';
import { currentLayout } from './sealed-layouts.js';

/** Every declared personal field of a type set to a string, beside fields that are not personal. */
function dataOf(paths: readonly string[]): Data {
  const data: Data = { kept: 1, list: [1, 2] };
  paths.forEach((path, n) => {
    const keys = path.split('.');
    let node = data;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= { other: 'stays' }) as Data;
    node[keys.at(-1)!] = `value ${n}`;
  });
  return data;
}

describe('personal fields taken out and put back', () => {
  it('gives back the same data for every declared event type, leaving the input untouched', () => {
    for (const [type, paths] of Object.entries(personalFields)) {
      const data = dataOf(paths);
      const before = structuredClone(data);
      const taken = takeOut(type, data, '[sealed]')!;
      expect(JSON.stringify(taken.data)).not.toContain('value ');
      expect(data).toEqual(before);
      expect(putBack({ ...taken.data, $personal: 'envelope' }, JSON.parse(JSON.stringify(taken.fragment)) as Data, '$personal')).toEqual(before);
    }
  });

  it('takes out only strings that are there, and nothing from an event without them', () => {
    const [type, paths] = Object.entries(personalFields).find(([, declared]) => declared.some((path) => path.includes('.')))!;
    const data = dataOf(paths);
    const nested = paths.find((path) => path.includes('.'))!.split('.');
    (data[nested[0]!] as Data)[nested[1]!] = null;
    const taken = takeOut(type, data, '[sealed]');
    expect(JSON.stringify(taken?.fragment ?? {})).not.toContain(nested.at(-1)!);
    expect(takeOut(type, { kept: 1 }, '[sealed]')).toBeNull();
    expect(takeOut('NotPersonal', data, '[sealed]')).toBeNull();
  });
});

describe('personal values taken out and put back by layout (pd4)', () => {
  it('gives back the same data for every declared event type, the values alone in the layout\'s order after its number', () => {
    for (const type of Object.keys(personalFields)) {
      const { number, paths } = currentLayout(type)!;
      const data = dataOf(paths);
      const before = structuredClone(data);
      const taken = takeValues(paths, number, data, '')!;
      expect(taken.values).toEqual([number, ...paths.map((_, n) => `value ${n}`)]);
      expect(JSON.stringify(taken.data)).not.toContain('value ');
      expect(data).toEqual(before);
      expect(putBackValues(paths, { ...taken.data, $personal: 'envelope' }, JSON.parse(JSON.stringify(taken.values)) as unknown[], '$personal')).toEqual(before);
    }
  });

  it('holds null for a value that is absent or not a string, leaves trailing ones off, and puts back only where the data holds a placeholder', () => {
    const { number, paths } = currentLayout('DraftSaved')!;
    const data = dataOf(paths);
    const address = (data.shipping_notes as Data).shipping_address as Data;
    address.recipient_name = null;
    delete address.city;
    delete address.postal_code;
    const taken = takeValues(paths, number, data, '')!;
    expect(taken.values).toEqual([number, null, 'value 1', null, 'value 3']);
    expect((taken.data.shipping_notes as Data).shipping_address).toEqual({ other: 'stays', recipient_name: null, line1: '', state: '' });
    expect(putBackValues(paths, taken.data, taken.values, '$personal')).toEqual(data);
    // A value whose field the stored data does not hold as a string is not put back.
    expect(putBackValues(paths, taken.data, [number, 'x', 'value 1', 'y', 'value 3', 'z'], '$personal')).toEqual(data);
    expect(takeValues(paths, number, { kept: 1 }, '')).toBeNull();
  });
});

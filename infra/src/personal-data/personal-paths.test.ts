import { personalFields } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { putBack, takeOut, type Data } from './personal-paths.js';

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

import { describe, expect, it } from 'vitest';
import { copyLine, copyValue } from './copy-text.js';

describe('COPY text of a row', () => {
  it('writes numbers and booleans as their text, with nothing to escape', () => {
    expect(copyLine([0, -12, 1.5, 1e21, 12n, true, false])).toBe('0\t-12\t1.5\t1e+21\t12\ttrue\tfalse\n');
  });

  it('escapes backslash, tab, new line and carriage return in text, and leaves other characters alone', () => {
    expect(copyValue('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyValue('Tür – “quoted” 🪡')).toBe('Tür – “quoted” 🪡');
    expect(copyValue('')).toBe('');
  });

  it('writes null and undefined as \\N and objects as their JSON with backslashes doubled', () => {
    expect(copyLine([null, undefined, { note: 'a\\b\tc' }, ['x', 1]])).toBe('\\N\t\\N\t{"note":"a\\\\\\\\b\\\\tc"}\t["x",1]\n');
    expect(copyValue(new Date(Date.UTC(2026, 0, 2)))).toBe('"2026-01-02T00:00:00.000Z"');
  });
});

import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count.ts';

describe('formatCount', () => {
  it('writes what toLocaleString("en-US") writes for whole numbers', () => {
    const values = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10000, 65536, 100000, 999999, 1000000, 1048576, 12345678, 123456789, 1234567890, Number.MAX_SAFE_INTEGER];
    for (let k = 0; k < 2000; k++) values.push(Math.floor(Math.random() * 10 ** (1 + (k % 15))));
    for (const v of [...values, ...values.map((x) => -x)]) expect(formatCount(v)).toBe(v.toLocaleString('en-US'));
  });

  it('leaves fractions, -0 and huge numbers to toLocaleString', () => {
    for (const v of [-0, 1.5, 1234.5678, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatCount(v)).toBe(v.toLocaleString('en-US'));
  });
});

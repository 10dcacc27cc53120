import { describe, expect, it } from 'vitest';
import { decideDateOrder, normaliseDate, normaliseTime } from './dates.ts';

describe('normaliseDate', () => {
  it.each([
    ['14.03.2024', 'DMY', '2024-03-14'],
    ['04.03.2024', 'DMY', '2024-03-04'],
    ['03/04/2024', 'MDY', '2024-03-04'],
    ['3/4/2024', 'MDY', '2024-03-04'],
    ['3/4/2024', 'DMY', '2024-04-03'],
    ['3/14/2024', 'DMY', '2024-03-14'],
    ['2024-03-04', 'DMY', '2024-03-04'],
    ['2024-03-04 10:15:00', 'MDY', '2024-03-04'],
    ['2024-03-04T10:15:00Z', 'MDY', '2024-03-04'],
    ['20240304', 'DMY', '2024-03-04'],
    ['20240304101500', 'DMY', '2024-03-04'],
    ['6/8/2021, 12:00:00.000 PM', 'MDY', '2021-06-08'],
    ['45355', 'DMY', '2024-03-04'],
    ['45355.75', 'MDY', '2024-03-04'],
    ['60', 'DMY', '1900-02-28'],
    ['04.03.24', 'DMY', '2024-03-04'],
    [' 04.03.2024 ', 'DMY', '2024-03-04'],
  ] as const)('%s (%s) -> %s', (value, order, expected) => {
    expect(normaliseDate(value, order)).toBe(expected);
  });
  it.each(['', 'tomorrow', '31.02.2024', '2024-13-01', '13/13/2024', '0', '99999999'])('rejects %j', (value) => {
    expect(normaliseDate(value, 'DMY')).toBeUndefined();
  });
});

describe('normaliseTime', () => {
  it.each([
    ['10:15:30', '10:15:30'],
    ['9:05:01', '09:05:01'],
    ['101530', '10:15:30'],
    ['93000', '09:30:00'],
    ['000000', '00:00:00'],
    ['0.5', '12:00:00'],
    ['45355.75', '18:00:00'],
    ['2024-03-04 07:45:00', '07:45:00'],
    ['03/04/2024 7:45 PM', '19:45:00'],
    ['12:00:00 AM', '00:00:00'],
    ['10:15', '10:15:00'],
    ['20240304101500', '10:15:00'],
    ['6/8/2021, 1:02:03.000 PM', '13:02:03'],
  ])('%s -> %s', (value, expected) => {
    expect(normaliseTime(value)).toBe(expected);
  });
  it.each(['', '25:00:00', '10:61:00', '246000', 'noon'])('rejects %j', (value) => {
    expect(normaliseTime(value)).toBeUndefined();
  });
});

describe('decideDateOrder', () => {
  it('lets a first part above 12 decide day-first, a second part above 12 month-first', () => {
    expect(decideDateOrder(['03/04/2024', '14/03/2024'])).toBe('DMY');
    expect(decideDateOrder(['03.04.2024', '03.14.2024'])).toBe('MDY');
  });
  it('falls back to the separator: dots day-first, slashes month-first', () => {
    expect(decideDateOrder(['03.04.2024', '05.06.2024'])).toBe('DMY');
    expect(decideDateOrder(['03/04/2024', '05/06/2024'])).toBe('MDY');
  });
  it('reports ISO files as YMD and defaults to DMY without dates', () => {
    expect(decideDateOrder(['2024-03-04', '20240305'])).toBe('YMD');
    expect(decideDateOrder(['', 'n/a'])).toBe('DMY');
  });
});

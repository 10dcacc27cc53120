import { describe, expect, it } from 'vitest';
import { assignSlots, emptySlots, filledCount, isHintMessage, slotFromName } from './slot-assignment.ts';

const f = (name: string) => ({ name });

describe('slotFromName', () => {
  it('reads the slot from the lower-cased name', () => {
    expect(slotFromName('Export_SM20_Jan.csv')).toBe('SM20');
    expect(slotFromName('cdhdr.xlsx')).toBe('CDHDR');
    expect(slotFromName('CDPOS-2025.csv')).toBe('CDPOS');
    expect(slotFromName('SysAid export.csv')).toBe('TICKETS');
    expect(slotFromName('servicenow.csv')).toBe('TICKETS');
    expect(slotFromName('tickets.csv')).toBe('TICKETS');
    expect(slotFromName('audit.csv')).toBeNull();
  });
});

describe('assignSlots', () => {
  it('puts named files in their slots and others in the first free one', () => {
    const { slots, unplaced } = assignSlots(emptySlots<{ name: string }>(), [f('a.csv'), f('cdpos.csv'), f('sm20.csv'), f('b.csv')]);
    expect(slots.SM20?.name).toBe('sm20.csv');
    expect(slots.CDHDR?.name).toBe('a.csv');
    expect(slots.CDPOS?.name).toBe('cdpos.csv');
    expect(slots.TICKETS?.name).toBe('b.csv');
    expect(unplaced).toEqual([]);
    expect(filledCount(slots)).toBe(4);
  });

  it('replaces a named slot and returns files that find no free slot', () => {
    const first = assignSlots(emptySlots<{ name: string }>(), [f('sm20-old.csv'), f('x.csv'), f('y.csv'), f('z.csv')]).slots;
    const { slots, unplaced } = assignSlots(first, [f('SM20-new.csv'), f('extra.csv')]);
    expect(slots.SM20?.name).toBe('SM20-new.csv');
    expect(unplaced.map((u) => u.name)).toEqual(['extra.csv']);
  });
});

describe('isHintMessage', () => {
  it('treats timer and refresh emoji as hints', () => {
    expect(isHintMessage('⏳ The analysis is still processing')).toBe(true);
    expect(isHintMessage('🔄 Please refresh and try again')).toBe(true);
    expect(isHintMessage('Failed to analyze files')).toBe(false);
  });
});

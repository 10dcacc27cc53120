import { describe, expect, it } from 'vitest';
import { assignSlots, emptySlots, filledCount, isHintMessage, moveSlot, slotFromName, type Placed, type Slot } from './slot-assignment.ts';

const f = (name: string, detected: Slot | null = null) => ({ file: { name }, detected });
const empty = () => emptySlots<Placed<{ name: string }>>();
const names = (slots: ReturnType<typeof empty>) => Object.fromEntries(Object.entries(slots).map(([s, p]) => [s, p ? `${p.file.name} (${p.by})` : null]));

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
  it('lets the content decide over the name, the name over position', () => {
    const { slots, unplaced } = assignSlots(empty(), [f('helpdesk6.csv', 'TICKETS'), f('sm20_really_cdpos.csv', 'CDPOS'), f('sm20.xlsx'), f('b.csv')]);
    expect(names(slots)).toEqual({
      SM20: 'sm20.xlsx (name)',
      CDHDR: 'b.csv (free slot)',
      CDPOS: 'sm20_really_cdpos.csv (content)',
      TICKETS: 'helpdesk6.csv (content)',
    });
    expect(unplaced).toEqual([]);
    expect(filledCount(slots)).toBe(4);
  });

  it('replaces a typed slot, returning the file pushed out, and returns files that find no free slot', () => {
    const first = assignSlots(empty(), [f('old.csv', 'SM20'), f('x.csv'), f('y.csv'), f('z.csv')]).slots;
    const { slots, unplaced, replaced } = assignSlots(first, [f('new.csv', 'SM20'), f('extra.csv')]);
    expect(slots.SM20).toEqual({ file: { name: 'new.csv' }, by: 'content' });
    expect(replaced.map((r) => r.name)).toEqual(['old.csv']);
    expect(unplaced.map((u) => u.name)).toEqual(['extra.csv']);
  });
});

describe('moveSlot', () => {
  it('moves a file to an empty slot or swaps it with the file there', () => {
    const { slots } = assignSlots(empty(), [f('a.csv', 'SM20'), f('b.csv', 'CDHDR')]);
    expect(names(moveSlot(slots, 'SM20', 'TICKETS'))).toEqual({ SM20: null, CDHDR: 'b.csv (content)', CDPOS: null, TICKETS: 'a.csv (moved)' });
    expect(names(moveSlot(slots, 'SM20', 'CDHDR'))).toEqual({ SM20: 'b.csv (moved)', CDHDR: 'a.csv (moved)', CDPOS: null, TICKETS: null });
    expect(moveSlot(slots, 'CDPOS', 'SM20')).toBe(slots);
  });
});

describe('isHintMessage', () => {
  it('treats timer and refresh emoji as hints', () => {
    expect(isHintMessage('⏳ The analysis is still processing')).toBe(true);
    expect(isHintMessage('🔄 Please refresh and try again')).toBe(true);
    expect(isHintMessage('Failed to analyze files')).toBe(false);
  });
});

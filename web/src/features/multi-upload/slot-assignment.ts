/** Automatic slot assignment of the multi-file upload (spec section 5). */
export const SLOTS = ['SM20', 'CDHDR', 'CDPOS', 'TICKETS'] as const;
export type Slot = (typeof SLOTS)[number];
export type Slots<F> = Record<Slot, F | null>;

export const MIN_FILES = 2;

export function emptySlots<F>(): Slots<F> {
  return { SM20: null, CDHDR: null, CDPOS: null, TICKETS: null };
}

/** The slot a file name names, or null when the name gives no hint. */
export function slotFromName(fileName: string): Slot | null {
  const n = fileName.toLowerCase();
  if (n.includes('sm20')) return 'SM20';
  if (n.includes('cdhdr')) return 'CDHDR';
  if (n.includes('cdpos')) return 'CDPOS';
  if (n.includes('ticket') || n.includes('sysaid') || n.includes('servicenow')) return 'TICKETS';
  return null;
}

/**
 * Places files into slots: a named file takes (or replaces) its slot, any other file the first
 * free slot in the order SM20, CDHDR, CDPOS, TICKETS. Files with no free slot come back unplaced.
 */
export function assignSlots<F extends { name: string }>(current: Slots<F>, files: F[]): { slots: Slots<F>; unplaced: F[] } {
  const slots = { ...current };
  const unplaced: F[] = [];
  const unnamed: F[] = [];
  for (const file of files) {
    const slot = slotFromName(file.name);
    if (slot) slots[slot] = file;
    else unnamed.push(file);
  }
  for (const file of unnamed) {
    const free = SLOTS.find((s) => slots[s] === null);
    if (free) slots[free] = file;
    else unplaced.push(file);
  }
  return { slots, unplaced };
}

export function filledCount<F>(slots: Slots<F>): number {
  return SLOTS.filter((s) => slots[s] !== null).length;
}

/** Errors carrying a timer or refresh emoji are hints (e.g. "⏳ still processing, 🔄 try again"). */
export function isHintMessage(message: string): boolean {
  return /[⏱⏲⏳⌛🔄🔁]/u.test(message);
}

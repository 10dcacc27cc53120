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

/** How a file came to its slot, shown beside it so the auditor knows what the label rests on. */
export type PlacedBy = 'content' | 'name' | 'free slot' | 'moved';

export interface Placed<F> {
  file: F;
  by: PlacedBy;
}

/** A dropped file with the type its content shows (null when the content shows none). */
export interface Candidate<F> {
  file: F;
  detected: Slot | null;
}

/**
 * Places files into slots: the type read from the content decides, the name only when the
 * content shows none; such a file takes (or replaces) its slot. Any other file goes to the first
 * free slot in the order SM20, CDHDR, CDPOS, TICKETS. Files with no free slot come back unplaced,
 * files pushed out of their slot come back replaced.
 */
export function assignSlots<F extends { name: string }>(current: Slots<Placed<F>>, files: Candidate<F>[]): { slots: Slots<Placed<F>>; unplaced: F[]; replaced: F[] } {
  const slots = { ...current };
  const unplaced: F[] = [];
  const replaced: F[] = [];
  const untyped: F[] = [];
  for (const { file, detected } of files) {
    const slot = detected ?? slotFromName(file.name);
    if (!slot) {
      untyped.push(file);
      continue;
    }
    const previous = slots[slot];
    if (previous) replaced.push(previous.file);
    slots[slot] = { file, by: detected ? 'content' : 'name' };
  }
  for (const file of untyped) {
    const free = SLOTS.find((s) => slots[s] === null);
    if (free) slots[free] = { file, by: 'free slot' };
    else unplaced.push(file);
  }
  return { slots, unplaced, replaced };
}

/** Moves the file of `from` to `to`; a file already in `to` takes the place of the moved one. */
export function moveSlot<F>(current: Slots<Placed<F>>, from: Slot, to: Slot): Slots<Placed<F>> {
  const moving = current[from];
  if (!moving || from === to) return current;
  const other = current[to];
  return { ...current, [to]: { file: moving.file, by: 'moved' }, [from]: other ? { file: other.file, by: 'moved' } : null };
}

export function filledCount<F>(slots: Slots<F>): number {
  return SLOTS.filter((s) => slots[s] !== null).length;
}

/** Errors carrying a timer or refresh emoji are hints (e.g. "⏳ still processing, 🔄 try again"). */
export function isHintMessage(message: string): boolean {
  return /[⏱⏲⏳⌛🔄🔁]/u.test(message);
}

/** File formats: read any supported upload as header-detected, typed rows in batches. */
export type { DateOrder, OpenedFile, FormatFacts, Container } from './types.ts';
export { openFile } from './open-file.ts';
export { readTable } from './read-table.ts';
export { normaliseDate, normaliseTime, decideDateOrder } from './dates.ts';
export { CANONICAL_COLUMNS, EXTRA_CANONICAL_COLUMNS, DATE_COLUMNS } from './canonical-columns.ts';
export { HEADER_LABELS, normaliseLabel } from './header-labels.ts';

/**
 * The row checks every administrators' list import shares (high-risk tables and tcodes, the
 * detection watchlists): a row cap, the header's required columns, and per row the ID, the
 * list's own columns, the description and repeats. Bad rows come back as `Row N: problem` (the
 * header is row 1, as in a spreadsheet) and are skipped.
 */
import { VisibleError } from '../../http/errors.ts';
import { restoreNeutralised } from './csv-text.ts';
import { hasControlChars, printable } from './sap-ids.ts';

export interface ListCsvSpec<Fields extends object> {
  idColumn: string;
  /** The ID's shape in words, for 'ID "x" is not {idRule}'. */
  idRule: string;
  /** The upper-cased ID, or undefined when it is not the list's shape. */
  normaliseId: (raw: string) => string | undefined;
  /** The list's own required columns (CATEGORY, KIND), read by `readFields`. */
  columns: string[];
  /** Header names the optional description may have, the first found wins; the first names it in messages. */
  descriptionColumns: string[];
  maxRows: number;
  /** The row's own fields from its cells (by column name), or the problem as a message. */
  readFields: (cells: Record<string, string>) => Fields | string;
}

export type ListCsvRow<Fields extends object> = { id: string; description: string } & Fields;

/**
 * The good rows and one message per bad row. `table` holds the file's rows as the engine's reader
 * gives them (services/imports/read-list.ts), header first.
 *
 * @example readListCsv(spec, [['TCODE', 'CATEGORY'], ['SU01', 'Users'], ['', 'Users']]) // { rows: [{ id: 'SU01', category: 'Users', description: '' }], errors: ['Row 3: TCODE is empty'] }
 */
export function readListCsv<Fields extends object>(spec: ListCsvSpec<Fields>, table: string[][]): { rows: ListCsvRow<Fields>[]; errors: string[] } {
  if (table.length - 1 > spec.maxRows) {
    throw new VisibleError('TOO_LARGE', `The file has ${table.length - 1} rows; at most ${spec.maxRows} rows are accepted per import`);
  }
  const header = (table[0] ?? []).map((h) => h.trim().toUpperCase());
  const idCol = header.indexOf(spec.idColumn);
  const columns = spec.columns.map((name) => [name, header.indexOf(name)] as const);
  const descCol = spec.descriptionColumns.map((name) => header.indexOf(name)).find((i) => i >= 0) ?? -1;
  const descName = spec.descriptionColumns[0];
  if (idCol < 0 || columns.some(([, at]) => at < 0)) {
    const needed = [spec.idColumn, ...spec.columns].join(' and ');
    throw new VisibleError('BAD_REQUEST', `The file's header row must name the columns ${needed} (${descName} optional); found: ${header.join(', ') || 'nothing'}`);
  }
  const rows: ListCsvRow<Fields>[] = [];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  for (let i = 1; i < table.length; i++) {
    const cells = table[i]!;
    const rowNo = i + 1;
    if (cells.every((c) => c.trim() === '')) continue;
    const rawId = restoreNeutralised(cells[idCol] ?? '').trim();
    const description = descCol >= 0 ? restoreNeutralised(cells[descCol] ?? '').trim() : '';
    const id = spec.normaliseId(rawId);
    const fields = rawId && id ? spec.readFields(Object.fromEntries(columns.map(([name, at]) => [name, cells[at] ?? '']))) : undefined;
    if (!rawId) errors.push(`Row ${rowNo}: ${spec.idColumn} is empty`);
    else if (!id) errors.push(`Row ${rowNo}: ${spec.idColumn} "${printable(rawId)}" is not ${spec.idRule}`);
    else if (typeof fields === 'string') errors.push(`Row ${rowNo}: ${fields}`);
    else if (description.length > 255 || hasControlChars(description))
      errors.push(`Row ${rowNo}: ${descName} must be at most 255 characters without control characters`);
    else if (seen.has(id)) errors.push(`Row ${rowNo}: ${id} repeats row ${seen.get(id)}; only the first is imported`);
    else {
      seen.set(id, rowNo);
      rows.push({ id, description, ...fields! });
    }
  }
  return { rows, errors };
}

/**
 * The `pattern-sheet` task: the Suspicious Patterns sheet's rows (every pattern: there is no cap,
 * DETECTION.md section 3) as raw-deflate segments in the workspace, straight from the pattern
 * table's columns through the report parts' byte writer. It runs in the pool beside the report
 * parts, so a million patterns no longer make a serial tail after them; the coordinator copies the
 * segments into the workbook (summary-sheets.ts).
 */
import type { FlagContext } from '../../flags/flag-context.ts';
import { TEMPORAL, TEXT } from '../../report/typed-cells.ts';
import type { EngineContext } from '../contract.ts';
import { storedPatternTable } from './final-records.ts';
import { patternExplanation } from './pattern-text.ts';
import { SheetSegments, type SheetSegment } from './sheet-segments.ts';

export const PATTERN_COLUMNS = ['pattern', 'risk_level', 'user', 'sm20_time', 'sm20_activity', 'explanation'];
export const PATTERN_KINDS = [TEXT, TEXT, TEXT, TEMPORAL, TEXT, TEXT];

/** Rows whose values size the sheet's columns (as the other sheets of the report's own rows). */
const WIDTH_ROWS = 2000;

export interface PatternSheetInput {
  /** Workspace folder of the segments. */
  output: string;
  maxRows: number;
}

export interface PatternSheetResult {
  rows: number;
  /** Excel's row limit the segments were cut by (header included). */
  maxRows: number;
  segments: SheetSegment[];
  /** The longest value per column over the header and the first rows. */
  longest: number[];
}

/** The explanation column states the analysis's thresholds (the flag context's; pattern-text.ts). */
export async function writePatternSheet(ctx: EngineContext, fc: FlagContext, input: PatternSheetInput): Promise<PatternSheetResult> {
  const table = await storedPatternTable(ctx);
  const n = table.count;
  const longest = PATTERN_COLUMNS.map(() => 0);
  const sheet = new SheetSegments(ctx.workspace, input.output, 0, input.maxRows, true);
  const xml = sheet.xml;
  const explanations = table.kinds.map((k) => patternExplanation(k, fc.thresholds as unknown as Record<string, unknown>));
  const cells: string[] = ['', '', '', '', '', ''];
  for (let i = 0; i < n; i++) {
    cells[0] = table.kindName(i);
    cells[1] = table.riskLevel(i);
    cells[2] = table.userName(i);
    cells[3] = table.time(i);
    cells[4] = table.activity(i);
    cells[5] = explanations[table.kind[i]!]!;
    if (i < WIDTH_ROWS) for (let j = 0; j < cells.length; j++) if (cells[j]!.length > longest[j]!) longest[j] = cells[j]!.length;
    if (sheet.continues(i)) sheet.counted();
    else await sheet.openFor(i);
    xml.xmlRow(cells, sheet.sheetRowOf(i), 0, 0, undefined, PATTERN_KINDS);
    const wait = xml.wait();
    if (wait) await wait;
  }
  await sheet.close();
  return { rows: n, maxRows: input.maxRows, segments: sheet.segments, longest };
}

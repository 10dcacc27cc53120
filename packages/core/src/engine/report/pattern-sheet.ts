/**
 * The `pattern-sheet` task: the Suspicious Patterns sheet's rows (every pattern: there is no cap,
 * DETECTION.md section 3) as raw-deflate segments in the workspace, straight from the pattern
 * table's columns through the report parts' byte writer. It runs in the pool beside the report
 * parts, so a million patterns no longer make a serial tail after them; the coordinator copies the
 * segments into the workbook (summary-sheets.ts).
 */
import type { FlagContext } from '../../flags/flag-context.ts';
import { RISK_LEVELS } from '../../correlate/pattern-table.ts';
import { SHARED, TEMPORAL, TEXT } from '../../report/typed-cells.ts';
import type { XlsxWriter } from '../../report/xlsx-writer.ts';
import type { EngineContext } from '../contract.ts';
import { storedPatternTable } from './final-records.ts';
import { PATTERN_FIELD_HEADERS } from '../../model/pattern-fields.ts';
import { patternExplanation } from './pattern-text.ts';
import { SheetSegments, type SheetSegment } from './sheet-segments.ts';

/**
 * The sheet's headers in words that fit every kind of pattern: a change-document pattern's time and
 * activity are a change's, not an SM20 record's. The JSON keeps its field names (pattern, risk_level,
 * user, sm20_time, sm20_activity: the contract); the columns are those fields in that order.
 */
export const PATTERN_COLUMNS = [...(['pattern', 'risk_level', 'user', 'sm20_time', 'sm20_activity'] as const).map((f) => PATTERN_FIELD_HEADERS[f]), 'Explanation'];
/** The user and activity come from the exports (text cells, formula-safe); kind, risk and explanation are the product's own. */
const PATTERN_KINDS = [SHARED, SHARED, TEXT, TEMPORAL, TEXT, SHARED];

/** A cell of a SHARED column: the text's index in the workbook's shared strings, or the text itself when the table is full. */
export interface SharedTexts {
  /** By the table's kind index. */
  kinds: string[];
  /** By RISK_LEVELS' index. */
  risks: string[];
  /** By the table's kind index. */
  explanations: string[];
}

/** Registers the pattern sheet's repeated texts in the workbook's shared strings (before the task runs). */
export function patternSharedTexts(xlsx: XlsxWriter, kinds: readonly string[], explanation: (kind: string) => string): SharedTexts {
  const cell = (text: string) => {
    const i = xlsx.sharedText(text);
    return i < 0 ? text : String(i);
  };
  return { kinds: kinds.map(cell), risks: RISK_LEVELS.map(cell), explanations: kinds.map((k) => cell(explanation(k))) };
}

/** Rows whose values size the sheet's columns (as the other sheets of the report's own rows). */
const WIDTH_ROWS = 2000;

export interface PatternSheetInput {
  /** Workspace folder of the segments. */
  output: string;
  maxRows: number;
  shared: SharedTexts;
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
  const { kinds, risks, explanations: sharedExplanations } = input.shared;
  if (kinds.length !== table.kinds.length) throw new Error(`pattern sheet: ${kinds.length} shared kinds for the table's ${table.kinds.length}`);
  const cells: string[] = ['', '', '', '', '', ''];
  for (let i = 0; i < n; i++) {
    const k = table.kind[i]!;
    cells[0] = kinds[k]!;
    cells[1] = risks[table.risk[i]!]!;
    cells[2] = table.userName(i);
    cells[3] = table.time(i);
    cells[4] = table.activity(i);
    cells[5] = sharedExplanations[k]!;
    if (i < WIDTH_ROWS) {
      const texts = [table.kindName(i), table.riskLevel(i), cells[2], cells[3], cells[4], explanations[k]!];
      for (let j = 0; j < texts.length; j++) if (texts[j]!.length > longest[j]!) longest[j] = texts[j]!.length;
    }
    if (sheet.continues(i)) sheet.counted();
    else await sheet.openFor(i);
    xml.xmlRow(cells, sheet.sheetRowOf(i), 0, 0, undefined, PATTERN_KINDS);
    const wait = xml.wait();
    if (wait) await wait;
  }
  await sheet.close();
  return { rows: n, maxRows: input.maxRows, segments: sheet.segments, longest };
}

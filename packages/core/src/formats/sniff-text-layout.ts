import { CsvSplitter } from './csv-splitter.ts';
import { findHeaderRow } from './detect-file-type.ts';

export interface TextLayout {
  container: 'csv' | 'sap-list';
  delimiter: string;
}

const DELIMITERS = [',', ';', '\t', '|'] as const;
const SNIFF_ROWS = 60;

/** SAP GUI "unconverted" list: rows boxed in `|`, with dashed rule lines around header blocks. */
export function isSapList(headText: string): boolean {
  const lines = headText.split(/\r\n|\n|\r/, 200);
  let rules = 0;
  let boxed = 0;
  for (const line of lines) {
    const t = line.trim();
    if (/^\|?-{5,}\|?$/.test(t)) rules++;
    else if (t.length > 1 && t.startsWith('|')) boxed++;
  }
  return rules >= 1 && boxed >= 2;
}

/** Share of control characters (NUL and friends) above which text is really a binary file. */
export function looksBinary(headText: string): boolean {
  let control = 0;
  const n = Math.min(headText.length, 8192);
  for (let i = 0; i < n; i++) {
    const c = headText.charCodeAt(i);
    if (c < 9 || (c > 13 && c < 32) || c === 0xfffd) control++;
  }
  return control > n * 0.02;
}

/** Rows the given delimiter makes of the head text, with blank rows dropped. */
function sampleRows(headText: string, delimiter: string): string[][] {
  const splitter = new CsvSplitter({ delimiter });
  const rows: string[][] = [];
  const kept: string[][] = [];
  // In pieces, until enough rows: the same first rows as splitting the whole head gives.
  for (let at = 0; at < headText.length && kept.length < SNIFF_ROWS; at += SAMPLE_PIECE) {
    splitter.push(headText.slice(at, at + SAMPLE_PIECE), rows);
    for (const r of rows) if (kept.length < SNIFF_ROWS && r.some((c) => c.trim() !== '')) kept.push(r);
    rows.length = 0;
  }
  return kept;
}

/** Characters of the head split at a time when sampling rows. */
const SAMPLE_PIECE = 4096;

/** How consistently a delimiter splits the sample: the number of rows sharing the most common width > 1. */
function consistency(rows: string[][]): number {
  const widths = new Map<number, number>();
  for (const r of rows) if (r.length > 1) widths.set(r.length, (widths.get(r.length) ?? 0) + 1);
  let best = 0;
  for (const count of widths.values()) best = Math.max(best, count);
  return best;
}

/**
 * Chooses container and delimiter from the first decoded text. A delimiter that yields a
 * recognisable header wins (most canonical columns); otherwise the most consistent split.
 */
export function sniffTextLayout(headText: string): TextLayout {
  if (isSapList(headText)) return { container: 'sap-list', delimiter: '|' };
  let best: { delimiter: string; score: number; consistency: number } | undefined;
  for (const delimiter of DELIMITERS) {
    let rows: string[][];
    try {
      rows = sampleRows(headText, delimiter);
    } catch {
      continue; // e.g. more cells than allowed: this delimiter is not the one
    }
    const header = findHeaderRow(rows.map((r) => r.map((c) => c.trim())));
    const candidate = { delimiter, score: header?.match.score ?? 0, consistency: consistency(rows) };
    if (!best || candidate.score > best.score || (candidate.score === best.score && candidate.consistency > best.consistency)) best = candidate;
  }
  return { container: 'csv', delimiter: best?.delimiter ?? ',' };
}

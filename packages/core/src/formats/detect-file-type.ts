import { FILE_TYPES, type FileType } from '../model/index.ts';
import { FILE_FORMATS } from './file-formats.ts';
import { HEADER_LABELS, normaliseLabel } from './header-labels.ts';

export interface HeaderMatch {
  fileType: FileType;
  /** Canonical column -> index into the header row. */
  canonical: Partial<Record<string, number>>;
  /** How many canonical columns matched; the best header row has the highest score. */
  score: number;
}

interface AliasHit {
  canonical: string;
  rank: number;
}

/** Normalised label -> canonical column with its rank (0 = the most usual spelling). */
const ALIASES: Record<FileType, Map<string, AliasHit>> = buildAliasMaps();

function buildAliasMaps(): Record<FileType, Map<string, AliasHit>> {
  const maps = {} as Record<FileType, Map<string, AliasHit>>;
  for (const type of FILE_TYPES) {
    const map = new Map<string, AliasHit>();
    for (const [canonical, labels] of Object.entries(HEADER_LABELS[type])) {
      labels.forEach((label, rank) => {
        const key = normaliseLabel(label);
        if (!map.has(key)) map.set(key, { canonical, rank });
      });
    }
    maps[type] = map;
  }
  return maps;
}

/** The canonical column names of each type, as a label may spell them exactly. */
const CANONICAL_NAMES: Record<FileType, Set<string>> = Object.fromEntries(FILE_TYPES.map((t) => [t, new Set(Object.keys(HEADER_LABELS[t]))])) as Record<FileType, Set<string>>;

/** What each type needs at least, so a stray "Date" or "User" column does not decide the type (each type's home says). */
const REQUIREMENTS: Record<FileType, (has: (c: string) => boolean, score: number) => boolean> = Object.fromEntries(FILE_TYPES.map((t) => [t, FILE_FORMATS[t].requirement])) as Record<FileType, (has: (c: string) => boolean, score: number) => boolean>;

/** Maps one row of labels onto a type's canonical columns, best alias winning. */
function matchRow(type: FileType, labels: readonly string[]): HeaderMatch {
  const aliases = ALIASES[type];
  const canonical: Partial<Record<string, number>> = {};
  const bestRank: Record<string, number> = {};
  const names = CANONICAL_NAMES[type];
  labels.forEach((label, index) => {
    // A column labelled exactly with a canonical name (CHANGE_IND, CHNGIND) is that column before
    // any other label: the header's CHANGE_IND and an item's "Change Ind." normalise alike.
    const upper = label.trim().toUpperCase();
    const hit = names.has(upper) ? { canonical: upper, rank: -1 } : aliases.get(normaliseLabel(label));
    if (!hit) return;
    const previous = bestRank[hit.canonical];
    // Two columns of one label: the first wins, except the change indicator, which in a joined
    // export is the item's (the header's columns come first).
    if (previous === undefined || hit.rank < previous || (hit.rank === previous && hit.canonical === 'CHNGIND')) {
      bestRank[hit.canonical] = hit.rank;
      canonical[hit.canonical] = index;
    }
  });
  return { fileType: type, canonical, score: Object.keys(canonical).length };
}

/** The best-matching file type for a header row, or undefined when no type's requirements hold. */
export function detectHeader(labels: readonly string[]): HeaderMatch | undefined {
  let best: HeaderMatch | undefined;
  for (const type of FILE_TYPES) {
    const match = matchRow(type, labels);
    const has = (c: string): boolean => match.canonical[c] !== undefined;
    if (!REQUIREMENTS[type](has, match.score)) continue;
    if (!best || match.score > best.score) best = match;
  }
  return best;
}

/** The row among the first rows that best reads as a header; title rows above it are skipped. */
export function findHeaderRow(rows: readonly string[][]): { index: number; match: HeaderMatch } | undefined {
  let found: { index: number; match: HeaderMatch } | undefined;
  rows.forEach((row, index) => {
    const match = detectHeader(row);
    if (match && (!found || match.score > found.match.score)) found = { index, match };
  });
  return found;
}

export const EXPECTED_TYPES_MESSAGE = `Expected one of: ${FILE_TYPES.map((t, i) => `${i === FILE_TYPES.length - 1 ? 'or ' : ''}${FILE_FORMATS[t].expected}`).join(', ')}`;

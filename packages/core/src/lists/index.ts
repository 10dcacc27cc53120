export { loadDefaultLists, loadMasterLists, parseListCsv, parseWatchlistCsv, WATCHLISTS, type MasterEntry, type WatchlistKey, type WatchlistKind } from './load-lists.ts';
export { parseCsvText } from './parse-csv-text.ts';
export { CATEGORY_ALIASES, canonicalCategory } from './category-aliases.ts';

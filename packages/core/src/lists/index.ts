export { loadDefaultLists, loadMasterLists, parseListCsv, parseWatchlistCsv, type MasterEntry, type WatchlistKind } from './load-lists.ts';
export { parseCsvText } from './parse-csv-text.ts';

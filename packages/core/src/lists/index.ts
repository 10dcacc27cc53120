export { loadDefaultLists, loadMasterLists, parseListCsv, parseWatchlistCsv, type MasterEntry } from './load-lists.ts';
export { adminWatchlists, WATCHLISTS, type AdminList, type AdminListName, type AdminListItem, type AdminListRow, type AdminListSpec, type WatchlistKey, type WatchlistKind, type WatchlistLine } from './watchlist-table.ts';
export { parseCsvText } from './parse-csv-text.ts';
export { CATEGORY_ALIASES, canonicalCategory } from './category-aliases.ts';

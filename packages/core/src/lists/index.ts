export { loadDefaultLists, loadMasterLists, parseListCsv, type MasterEntry } from './load-lists.ts';
export { parseCsvText } from './parse-csv-text.ts';
export { CATEGORY_ALIASES, canonicalCategory } from './category-aliases.ts';

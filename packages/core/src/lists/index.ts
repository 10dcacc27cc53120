export { loadDefaultLists, loadMasterLists, parseListCsv, type MasterEntry } from './load-lists.ts';
export { parseCsvText } from './parse-csv-text.ts';

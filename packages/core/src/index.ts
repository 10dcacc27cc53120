export * from './model/index.ts';
export * from './errors/index.ts';
export * from './engine/contract.ts';
export { checkThresholds, completeThresholds, DEFAULT_THRESHOLDS, DETECTION_SETTINGS, SETTING_KEYS } from './rules/detection-settings.ts';
export { ITEM_JSON } from './correlate/pattern-table.ts';
export { StoredPatternTable, type TableRangeReader } from './correlate/stored-pattern-table.ts';
export { patternUserKey } from './model/pattern-fields.ts';

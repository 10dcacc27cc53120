export { createCanonicalRecord, type CanonicalRecord } from './canonical-record.ts';
export { createFlagContext, type FlagContext } from './flag-context.ts';
export { createFlagResult, resetFlagResult, setFlag, setOther, otherIsHigh, hasFlag, severityOf, FLAG_INDEX, FLAG_SEVERITY, OTHER_CATEGORIES, type FlagResult } from './flag-result.ts';
export { ChangeVolumeCounter, CHANGE_VOLUME_LIMIT, volumeReason } from './change-volume.ts';
export { createTimingCheck } from './change-timing.ts';
export { USER_ADMIN_EVENTS, GENERIC_TABLE_EVENTS, genericTableAccess, splitVariables } from './sm20-events.ts';

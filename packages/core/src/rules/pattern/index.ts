/** The correlation patterns (DETECTION.md section 3) as rule modules, and the list the correlation step runs. */
export { PATTERN_LIST } from './pattern-list.ts';
export { LATE_KEYS, type HitSource, type ItemPatternRule, type ItemRuleEnv, type LateKey, type PatternEnv, type PatternRule, type PatternSink, type TimesByUser } from './pattern-env.ts';
export { docCompletionKey, sm20CompletionKey, type CompletionKey } from './completion-keys.ts';
export { LogonWindows, type PlainLogonWindows } from './logon-windows.ts';
export { findLogonBursts, type LogonBurst } from './logon-bursts.ts';
export { findDebuggerDataChanges } from './debugger-data-change.ts';
export { findUndocumentedTableChanges } from './undocumented-table-change.ts';
export { findFailedLogonBursts } from './failed-logon-burst.ts';
export { AFTER_HOURS_SENSITIVE_CHANGE } from './after-hours-sensitive-change.ts';
export { SELF_AUTHORIZATION } from './self-authorization.ts';
export { LogonLogBuilder, type LogonLog } from './logon-log.ts';

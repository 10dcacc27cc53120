export * from './types.ts';
export { computeCases, caseIdOf, patternActor, type CasesInput } from './compute.ts';
export { escalationTriggers, patternUses, TRIGGER_PATTERNS, targetUserOf, PRIVILEGE_USE_HOURS, COVERED_TRACKS_HOURS, type EscalationTrigger } from './escalations.ts';
export { CaseTally, mergeTallies, actorKey, splitActorKey, recordRuleLevel, type CaseTallyJSON, type CaseTrigger, type MergedTally, type TallyRecord } from './tally.ts';
export * as caseScore from './score.ts';
export { settingsSummary, listVersion } from './settings.ts';

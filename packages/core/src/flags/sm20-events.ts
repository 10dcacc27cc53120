/** SM20 (Security Audit Log) event groups used by the rules in DETECTION.md section 2. */

/** Debugger events; BUY is the older releases' field change in the debugger. */
export const DEBUG_EVENTS = new Set(['CUK', 'CUL', 'CUM', 'CUN', 'CUO', 'CUP', 'BUY']);
export const GENERIC_TABLE_EVENTS = new Set(['DU9', 'CUZ']);
export const TABLE_MAINT_TCODES = new Set(['SM30', 'SM31', 'SM34', 'SE16N', 'SE16', 'SE17']);

/** Change events besides DU9/CUZ with a non-display activity. */
export const SM20_CHANGE_EVENTS = new Set([
  'CUL', 'BU4', 'BU2', 'AU7', 'AU8', 'AU9', 'AUA', 'AUB', 'AUD', 'AUR', 'AUS', 'AUT', 'AUU', 'AUE', 'AUF', 'AUI', 'AUJ', 'EU1', 'EU2',
]);

/** User-administration events whose target user is VAR1 (SELF_AUTHORIZATION). */
export const USER_ADMIN_EVENTS = new Set(['AU7', 'AUB', 'AUD']);

/**
 * OTHER/security events. "AU7–AUD" is read as the catalogue's user-administration events in that
 * range; AUC is a logoff (category logon in sal_events.csv), not a user change, so it is left out.
 */
export const SECURITY_EVENTS = new Set(['AU2', 'AU6', 'AUO', 'BU1', 'AUM', 'BUI', 'AU7', 'AU8', 'AU9', 'AUA', 'AUB', 'AUD', 'AUR', 'AUS', 'AUT', 'AUU']);
/** Failed logons of every channel (dialog, RFC/CPIC, other, password check). */
export const FAILED_LOGON_EVENTS = new Set(['AU2', 'AU6', 'AUO', 'BU1']);
/** Successful logons (dialog, RFC/CPIC). */
export const LOGON_EVENTS = new Set(['AU1', 'AU5']);
/** Events whose target user is the first variable (user administration). */
export const TARGET_IN_VAR1_EVENTS = new Set(['AU7', 'AU8', 'AU9', 'AUA', 'AUB', 'AUD']);
/** Events whose target user is the second variable (password check, password change, lock). */
export const TARGET_IN_VAR2_EVENTS = new Set(['BU1', 'BU2', 'AUM']);
export const CONFIG_EVENTS = new Set(['EU1', 'EU2', 'AUP', 'AUQ', 'BUG', 'FU1', 'DU8', 'DU1', 'DU2']);
/** FTP allowlist empty (DU1) or with placeholders (DU2): SAL-FTP-INSECURE, of the config events. */
export const FTP_CONFIG_EVENTS = new Set(['DU1', 'DU2']);
/** Security audit log configuration (OTHER/audit_trail). */
export const AUDIT_EVENTS = new Set(['AUE', 'AUF', 'AUI', 'AUJ', 'FU0']);
/** Programs and function modules that delete audit-log files. */
export const AUDIT_DELETE_CALLS = ['RSAUPURG', 'RSAU_CLEAR_AUDIT_LOG'];
export const CONFIG_TCODES = new Set(['SPRO', 'RZ10', 'RZ11', 'SCC4', 'SE06']);
export const TRANSPORT_TCODES = new Set(['STMS', 'SE01', 'SE09', 'SE10']);
export const JOB_TCODES = new Set(['SM36', 'SM37', 'SM62', 'SM64']);
/** The function builder's test frame: a function module run in test mode (with SE37, BU4 AUK AUW). */
export const TEST_FRAME_PROGRAM = 'RS_TESTFRAME_CALL';

/**
 * Events a rule of DETECTION.md names (besides SAL-CATALOGUE-HIGH): an event of these is judged by
 * its own rule alone, whatever its severity in the catalogue.
 */
export const NAMED_EVENTS: ReadonlySet<string> = new Set([
  ...DEBUG_EVENTS, ...GENERIC_TABLE_EVENTS, ...SM20_CHANGE_EVENTS, ...SECURITY_EVENTS, ...FAILED_LOGON_EVENTS, ...LOGON_EVENTS,
  ...TARGET_IN_VAR2_EVENTS, ...CONFIG_EVENTS, ...AUDIT_EVENTS, 'AU3', 'AUY', 'AUK', 'AUW', 'BU4', 'BU2',
]);

const OPEN_STATES = new Set(['MODIFIABLE', 'ÄNDERBAR', 'AENDERBAR']);

/**
 * Does an EU1 or EU2 record open the system or client for changes? EU1: the new state (second
 * variable) is Modifiable (Änderbar). EU2: the settings (second variable) as the audit log writes
 * them, `|`-separated (currency, client role, change recording, cross-client changes …), have 1 or
 * 3 in the third field (changes without automatic recording); a second variable without `|` is
 * read by its third character.
 * @example systemOpened('EU2', 'EUR|P|1|1|0| | |') // true
 * @example systemOpened('EU2', 'EUR|P|2|1|0| | |') // false
 */
export function systemOpened(ev: string, var2: string): boolean {
  if (ev === 'EU1') return OPEN_STATES.has(var2.trim().toUpperCase());
  const bar = var2.indexOf('|');
  const third = bar < 0 ? var2.trim().charAt(2) : (var2.split('|')[2] ?? '').trim();
  return third === '1' || third === '3';
}

/**
 * The first name of `names` (sensitive programs and function modules) that `text` contains as a
 * whole name (not inside a longer one), or undefined.
 */
export function findNamedCall(text: string, names: readonly string[]): string | undefined {
  if (text === '') return undefined;
  const upper = text.toUpperCase();
  for (const name of names) {
    let at = upper.indexOf(name);
    while (at >= 0) {
      const before = at === 0 ? '' : upper[at - 1]!;
      const after = upper[at + name.length] ?? '';
      if (!NAME_CHAR.test(before) && !NAME_CHAR.test(after)) return name;
      at = upper.indexOf(name, at + 1);
    }
  }
  return undefined;
}
const NAME_CHAR = /[A-Z0-9_/]/;

const ACTIVITY_IN_MESSAGE = /(?:activity|aktivit(?:ät|aet))\s*[:=]?\s*(\d{1,2})\b/i;
const TABLE_IN_MESSAGE = /\b(?:to|auf)\s+([A-Z0-9_/]+)/i;
const TRANSACTION_IN_MESSAGE = /Transa[ck]tion\s+([A-Z0-9_/]+)\s+(?:start|gestartet)/i;

/** Table and activity of a DU9/CUZ record: VAR1/VAR2, else read from the message text. */
export function genericTableAccess(var1: string, var2: string, message: string): { table: string; activity: string } {
  const table = var1 !== '' ? var1.toUpperCase() : (TABLE_IN_MESSAGE.exec(message)?.[1]?.toUpperCase() ?? '');
  let activity = var2 !== '' ? var2 : (ACTIVITY_IN_MESSAGE.exec(message)?.[1] ?? '');
  if (activity.length === 1) activity = `0${activity}`;
  return { table, activity };
}

/** Transaction named by an AU3 record ("Transaction X started"): VAR1, else the message. */
export function startedTransaction(var1: string, message: string): string {
  return var1 !== '' ? var1.toUpperCase() : (TRANSACTION_IN_MESSAGE.exec(message)?.[1]?.toUpperCase() ?? '');
}

/** Some exports carry all variables in one `&`-separated cell (SAL_DATA / "Variable Data for Message"). */
export function splitVariables(rec: { var1: string; var2: string; var3: string }): void {
  const split = variablesInOne(rec.var1, rec.var2, rec.var3);
  if (split) [rec.var1, rec.var2, rec.var3] = split;
}

/** The three variables when VAR1 holds them all, '&'-separated (VAR2 and VAR3 empty); else undefined. */
export function variablesInOne(var1: string, var2: string, var3: string): [string, string, string] | undefined {
  if (var2 !== '' || var3 !== '' || !var1.includes('&')) return undefined;
  const parts = var1.split('&');
  return [parts[0]!.trim(), (parts[1] ?? '').trim(), (parts[2] ?? '').trim()];
}

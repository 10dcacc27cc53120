/** SM20 (Security Audit Log) event groups used by the rules in DETECTION.md section 2. */

export const DEBUG_EVENTS = new Set(['CUK', 'CUL', 'CUM', 'CUN', 'CUO', 'CUP']);
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
export const SECURITY_EVENTS = new Set(['AU2', 'AUM', 'BU1', 'AU7', 'AU8', 'AU9', 'AUA', 'AUB', 'AUD', 'AUR', 'AUS', 'AUT', 'AUU']);
export const CONFIG_EVENTS = new Set(['AUE', 'AUF', 'AUI', 'AUJ', 'EU1', 'EU2']);
export const CONFIG_TCODES = new Set(['SPRO', 'RZ10', 'RZ11', 'SCC4', 'SE06']);
export const TRANSPORT_TCODES = new Set(['STMS', 'SE01', 'SE09', 'SE10']);
export const JOB_TCODES = new Set(['SM36', 'SM37', 'SM62', 'SM64']);

/** Function modules and programs whose call (AUK/AUW) reads or exposes sensitive data. */
const SENSITIVE_CALLS = ['RFC_READ_TABLE', 'SXPG_COMMAND_EXECUTE', 'SXPG_CALL_SYSTEM', 'RSBDCOS0', 'RFC_ABAP_INSTALL_AND_RUN', 'TH_REMOTE_TRANSACTION', 'RSUSR002', 'RSUSR200', 'RSPARAM', 'BDL_GET_TABLE_DATA', '/SDF/RBE_NATSQL'];
const SENSITIVE_CALL_PREFIXES = ['BAPI_USER_', 'SUSR_', 'PRGN_'];

export function findSensitiveCall(text: string): string | undefined {
  if (text === '') return undefined;
  const upper = text.toUpperCase();
  for (const name of SENSITIVE_CALLS) if (upper.includes(name)) return name;
  for (const prefix of SENSITIVE_CALL_PREFIXES) {
    const at = upper.indexOf(prefix);
    if (at >= 0 && (at === 0 || !/[A-Z0-9_]/.test(upper[at - 1]!))) return /^[A-Z0-9_]+/.exec(upper.slice(at))![0];
  }
  return undefined;
}

const ACTIVITY_IN_MESSAGE = /activity\s*[:=]?\s*(\d{1,2})\b/i;
const TABLE_IN_MESSAGE = /\bto\s+([A-Z0-9_/]+)/i;
const TRANSACTION_IN_MESSAGE = /Transaction\s+([A-Z0-9_/]+)\s+start/i;

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

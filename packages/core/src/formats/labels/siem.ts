import type { LabelTable } from './types.ts';

const KEYS = { OBJECTCLAS: ['ObjectClass_s', 'ObjectClass'], OBJECTID: [], CHANGENR: ['ChangeNumber'] };
// Splunk's `_time` reads as "time" once normalised, so it lands on TIME; a date-time there gives the date too.
const TIME_GENERATED = ['TimeGenerated', 'TimeGenerated [UTC]', 'UpdatedOn', 'Timestamp'];

/**
 * Column names of SIEM exports (Microsoft Sentinel's ABAPAuditLog and ABAPChangeDocsLog, Splunk).
 * A time column here holds date and time in one cell, often with `Z` or an offset.
 */
export const SIEM_LABELS: LabelTable = {
  SM20: {
    DATE: TIME_GENERATED,
    CLIENT: ['ClientID'],
    USER: ['UserName', 'MonitorContextName'],
    TERMINAL: ['TerminalIPv6'],
    TCODE: ['TransactionCode'],
    PROGRAM: ['ABAPProgramName'],
    EVENT: ['MessageID'],
    MESSAGE: ['MessageText'],
    VAR1: ['Variable1'],
    VAR2: ['Variable2'],
    VAR3: ['Variable3'],
  },
  CDHDR: { ...KEYS, UDATE: TIME_GENERATED, TCODE: ['TransactionCode'], CHANGE_IND: ['TypeofChange_Header'] },
  CDPOS: {
    ...KEYS,
    TABNAME: ['TableName'],
    TABKEY: ['ChangedTableKey'],
    FNAME: ['FieldName'],
    CHNGIND: ['TypeofChange_Item'],
    VALUE_NEW: ['ValueNew'],
    VALUE_OLD: ['ValueOld', 'ValueOld2'],
    UDATE: TIME_GENERATED,
    TCODE: ['TransactionCode'],
    CHANGE_IND: ['TypeofChange_Header'],
  },
};

import type { FileType } from '../model/index.ts';

/** Keys shared by CDHDR and CDPOS. */
const CHANGE_DOCUMENT_KEYS = {
  OBJECTCLAS: ['OBJECTCLAS', 'Object', 'Object Class', 'ObjectClass_s', 'ObjectClass'],
  OBJECTID: ['OBJECTID', 'Object Value', 'Object ID'],
  CHANGENR: ['CHANGENR', 'Doc.Number', 'Document Number', 'Change Number', 'ChangeNumber', 'Doc. Number'],
};

/** CDHDR fields, also found on the rows of joined (SIEM) change-document exports. */
const CHANGE_HEADER_FIELDS = {
  USERNAME: ['USERNAME', 'User', 'User Name', 'Changed By'],
  UDATE: ['UDATE', 'Date', 'Change Date', 'Changed On', 'TimeGenerated', 'TimeGenerated [UTC]', 'UpdatedOn'],
  UTIME: ['UTIME', 'Time', 'Change Time'],
  TCODE: ['TCODE', 'Transaction Code', 'TransactionCode', 'Transaction'],
};

/**
 * Header labels seen in real exports, per type and canonical column, best first.
 * Labels are compared after `normaliseLabel` (lower case, letters and digits only), so
 * "Cl.", "Doc.Number", "ObjectClass_s" and "  TCODE " all match their plain spellings.
 */
export const HEADER_LABELS: Record<FileType, Record<string, readonly string[]>> = {
  SM20: {
    DATE: ['Date', 'SLGDATTIM', 'SLGDATE', 'Datum', 'Log Date', 'Event Date', 'TimeGenerated', 'TimeGenerated [UTC]', 'UpdatedOn', 'Timestamp'],
    TIME: ['Time', 'SLGTIME', 'Zeit', 'Log Time', 'Event Time'],
    CLIENT: ['Client', 'Cl.', 'SLGMAND', 'MANDT', 'ClientID', 'Mandant'],
    USER: ['User', 'SLGUSER', 'User Name', 'UserName', 'Benutzer', 'MonitorContextName'],
    TERMINAL: ['Terminal Name', 'Terminal', 'SLGLTRM', 'TerminalIPv6'],
    PEER: ['Peer', 'SLGPEER', 'Peer Address'],
    TCODE: ['Source TA', 'Transaction Code', 'TCode', 'SLGTC', 'TransactionCode', 'Transaction', 'TA'],
    PROGRAM: ['ABAP Source', 'Program', 'SLGREPNA', 'ABAPProgramName', 'Program Name', 'Report'],
    EVENT: ['Event', 'Message ID', 'MessageID', 'Audit Log Msg. ID', 'Msg. ID', 'SLGEVENT', 'EVENTID'],
    MESSAGE: ['Audit Log Msg. Text', 'Message Text', 'MessageText', 'Msg. Text', 'Message', 'Text'],
    VAR1: ['First Variable Value for Event', 'Variable 1', 'Variable1', 'VAR1', 'SLGVAR1', 'Variable Data for Message', 'SAL_DATA', 'Variable Data'],
    VAR2: ['Variable 2', 'Variable2', 'VAR2', 'SLGVAR2', 'Second Variable Value for Event'],
    VAR3: ['Variable 3', 'Variable3', 'VAR3', 'SLGVAR3', 'Third Variable Value for Event'],
  },
  CDHDR: {
    ...CHANGE_DOCUMENT_KEYS,
    ...CHANGE_HEADER_FIELDS,
    CHANGE_IND: ['CHANGE_IND', 'Change Flag for Application Object', 'TypeofChange_Header', 'Change Indicator', 'Change Ind.'],
  },
  CDPOS: {
    ...CHANGE_DOCUMENT_KEYS,
    TABNAME: ['TABNAME', 'Table Name', 'TableName', 'Table'],
    TABKEY: ['TABKEY', 'Table Key', 'ChangedTableKey', 'Changed Table Key'],
    FNAME: ['FNAME', 'Field Name', 'FieldName', 'Field'],
    CHNGIND: ['CHNGIND', 'Change Indicator', 'Change Ind.', 'TypeofChange_Item', 'Change Type'],
    VALUE_NEW: ['VALUE_NEW', 'New Value', 'ValueNew', 'New Val.'],
    VALUE_OLD: ['VALUE_OLD', 'Old Value', 'ValueOld', 'ValueOld2', 'Old Val.'],
    // Header fields of a joined (SIEM) change-document export; "Change Indicator" stays the item's.
    ...CHANGE_HEADER_FIELDS,
    CHANGE_IND: ['CHANGE_IND', 'Change Flag for Application Object', 'TypeofChange_Header'],
  },
  TICKETS: {
    TICKET_ID: ['Number', 'ID', 'Ticket ID', 'Ticket', 'Ticket Number', 'Request ID', 'SR ID', 'Incident', 'Incident Number', 'Case Number', 'Key'],
    TITLE: ['Title', 'Short Description', 'Subject', 'Summary'],
    DESCRIPTION: ['Description', 'Details', 'Notes', 'Work Notes'],
    USER: ['Request user', 'Requested by', 'Requester', 'Caller', 'Caller ID', 'Opened by', 'Requested for', 'Reporter', 'User', 'Submit user'],
    ASSIGNED_TO: ['Assigned to', 'Assignee', 'Processed by', 'Responsibility', 'Admin'],
    REQUEST_TIME: ['Request time', 'Opened', 'Opened at', 'Created', 'Created on', 'Created at', 'Request date', 'Submit date', 'Insert time'],
    CLOSE_TIME: ['Close time', 'Closed', 'Closed at', 'Resolved', 'Resolved at', 'Close date', 'Resolution time', 'Closed on'],
    STATUS: ['Status', 'State'],
  },
};

/** Lower case, letters and digits only: "Doc.Number" -> "docnumber", "ObjectClass_s" -> "objectclasss". */
export function normaliseLabel(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

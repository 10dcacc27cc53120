import type { LabelTable } from './types.ts';

const CHANGE_DOCUMENT_KEYS = {
  OBJECTCLAS: ['Object', 'Object Class'],
  OBJECTID: ['Object Value', 'Object ID'],
  CHANGENR: ['Doc.Number', 'Document Number', 'Change Number', 'Doc. Number'],
};

const CHANGE_HEADER_FIELDS = {
  USERNAME: ['User', 'User Name', 'Changed By'],
  UDATE: ['Date', 'Change Date', 'Changed On'],
  UTIME: ['Time', 'Change Time'],
  TCODE: ['Transaction Code', 'Transaction'],
};

/** SAP GUI, SE16/SE16N and SM20N labels in English, and generic ticket-tool (SysAid) labels. */
export const ENGLISH_LABELS: LabelTable = {
  SM20: {
    DATE: ['Date', 'Log Date', 'Event Date'],
    TIME: ['Time', 'Log Time', 'Event Time'],
    CLIENT: ['Client', 'Cl.'],
    USER: ['User', 'User Name'],
    TERMINAL: ['Terminal Name', 'Terminal'],
    PEER: ['Peer', 'Peer Address'],
    TCODE: ['Source TA', 'Transaction Code', 'TCode', 'Transaction', 'TA'],
    PROGRAM: ['ABAP Source', 'Program', 'Program Name', 'Report'],
    EVENT: ['Event', 'Message ID', 'Audit Log Msg. ID', 'Msg. ID'],
    MESSAGE: ['Audit Log Msg. Text', 'Message Text', 'Msg. Text', 'Message', 'Text'],
    VAR1: ['First Variable Value for Event', 'Variable 1', 'Variable Data for Message', 'Variable Data'],
    VAR2: ['Variable 2', 'Second Variable Value for Event'],
    VAR3: ['Variable 3', 'Third Variable Value for Event'],
  },
  CDHDR: {
    ...CHANGE_DOCUMENT_KEYS,
    ...CHANGE_HEADER_FIELDS,
    CHANGE_IND: ['Change Flag for Application Object', 'Change Indicator', 'Change Ind.'],
  },
  CDPOS: {
    ...CHANGE_DOCUMENT_KEYS,
    TABNAME: ['Table Name', 'Table'],
    TABKEY: ['Table Key', 'Changed Table Key'],
    FNAME: ['Field Name', 'Field'],
    CHNGIND: ['Change Indicator', 'Change Ind.', 'Change Type'],
    VALUE_NEW: ['New Value', 'New Val.'],
    VALUE_OLD: ['Old Value', 'Old Val.'],
    // Header fields of a joined change-document export; "Change Indicator" stays the item's.
    ...CHANGE_HEADER_FIELDS,
    CHANGE_IND: ['Change Flag for Application Object'],
  },
  TICKETS: {
    TICKET_ID: ['ID', 'Ticket ID', 'Ticket', 'Ticket Number', 'Request ID', 'SR ID', 'Case Number', 'Key'],
    TITLE: ['Title', 'Subject', 'Summary'],
    DESCRIPTION: ['Description', 'Details', 'Notes'],
    USER: ['Request user', 'Requested by', 'Requester', 'Requested for', 'Reporter', 'User', 'Submit user'],
    ASSIGNED_TO: ['Assignee', 'Processed by', 'Responsibility', 'Admin'],
    REQUEST_TIME: ['Request time', 'Created', 'Created on', 'Created at', 'Request date', 'Submit date', 'Insert time'],
    CLOSE_TIME: ['Close time', 'Close date', 'Resolution time', 'Closed on'],
    STATUS: ['Status'],
  },
};

/**
 * The home of file type SM20: its canonical columns, the header labels real exports use (one
 * table per language or tool, best first), and what a header must have to be read as SM20.
 * SM20 / RSAU_READ_LOG security audit log exports (SAP GUI, SM20N, SIEM tables of ABAPAuditLog, Splunk): DETECTION.md section 1. A SIEM time column holds date and time in one cell, often with `Z` or an offset; Splunk's `_time` normalises to "time" and lands on TIME.
 * Registered in formats/file-formats.ts (FILE_FORMATS).
 */
import type { FileFormat } from '../file-format.ts';

export const SM20_FORMAT: FileFormat = {
  canonical: ['DATE', 'TIME', 'CLIENT', 'USER', 'TERMINAL', 'PEER', 'TCODE', 'PROGRAM', 'EVENT', 'MESSAGE', 'VAR1', 'VAR2', 'VAR3'],
  extraCanonical: [],
  labels: {
    'English': {
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
    'SAP technical names': {
      DATE: ['SLGDATTIM', 'SLGDATE'],
      TIME: ['SLGTIME'],
      CLIENT: ['SLGMAND', 'MANDT'],
      USER: ['SLGUSER'],
      TERMINAL: ['SLGLTRM'],
      PEER: ['SLGPEER'],
      TCODE: ['SLGTC'],
      PROGRAM: ['SLGREPNA'],
      EVENT: ['SLGEVENT', 'EVENTID'],
      VAR1: ['VAR1', 'SLGVAR1', 'SAL_DATA'],
      VAR2: ['VAR2', 'SLGVAR2'],
      VAR3: ['VAR3', 'SLGVAR3'],
    },
    'SIEM': {
      DATE: ['TimeGenerated', 'TimeGenerated [UTC]', 'UpdatedOn', 'Timestamp'],
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
    'German': {
      DATE: ['Datum'],
      TIME: ['Uhrzeit', 'Zeit'],
      CLIENT: ['Mandant'],
      USER: ['Benutzer'],
      TERMINAL: ['Terminalname', 'Terminal'],
      PEER: ['Peer'],
      TCODE: ['Transaktionscode', 'Transaktion', 'TA-Code'],
      PROGRAM: ['Programm', 'Programmname', 'Report'],
      EVENT: ['Ereignis', 'Meldungs-ID', 'Meldungskennung'],
      MESSAGE: ['Audit-Log-Meldungstext', 'Meldungstext', 'Text'],
      VAR1: ['Erster Variablenwert', 'Variable 1'],
      VAR2: ['Variable 2', 'Zweiter Variablenwert'],
      VAR3: ['Variable 3', 'Dritter Variablenwert'],
    },
  },
  /** An event or message column and at least three columns: a stray "Date" or "User" column does not make a file SM20. */
  requirement: (has, score) => (has('EVENT') || has('MESSAGE')) && score >= 3,
  expected: 'SM20 / RSAU_READ_LOG security audit log (columns such as Date, Time, User, Transaction Code, Event or Message ID, Message Text)',
  record: {
    shape: 'events',
    columns: { user: 'USER', date: 'DATE', time: 'TIME', tcode: 'TCODE', terminal: 'TERMINAL', event: 'EVENT', message: 'MESSAGE', program: 'PROGRAM', var1: 'VAR1', var2: 'VAR2', var3: 'VAR3', peer: 'PEER' },
  },
};

import type { LabelTable } from './types.ts';

const CHANGE_DOCUMENT_KEYS = {
  OBJECTCLAS: ['Objektklasse'],
  OBJECTID: ['Objektwert'],
  CHANGENR: ['Belegnummer', 'Änderungsnummer'],
};

const CHANGE_HEADER_FIELDS = {
  USERNAME: ['Benutzer', 'Benutzername'],
  UDATE: ['Datum', 'Änderungsdatum'],
  UTIME: ['Uhrzeit', 'Zeit'],
  TCODE: ['Transaktionscode', 'Transaktion'],
};

/** SAP GUI, SE16/SE16N and SM20N labels of a German logon language. */
export const GERMAN_LABELS: LabelTable = {
  SM20: {
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
  CDHDR: {
    ...CHANGE_DOCUMENT_KEYS,
    ...CHANGE_HEADER_FIELDS,
    CHANGE_IND: ['Änderungskennzeichen Anwendungsobjekt'],
  },
  CDPOS: {
    ...CHANGE_DOCUMENT_KEYS,
    TABNAME: ['Tabellenname', 'Tabelle'],
    TABKEY: ['Tabellenschlüssel'],
    FNAME: ['Feldname', 'Feld'],
    CHNGIND: ['Änderungskennzeichen'],
    VALUE_NEW: ['Neuer Wert', 'Wert neu'],
    VALUE_OLD: ['Alter Wert', 'Wert alt'],
    ...CHANGE_HEADER_FIELDS,
    CHANGE_IND: ['Änderungskennzeichen Anwendungsobjekt'],
  },
};

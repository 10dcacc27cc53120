import type { LabelTable } from './types.ts';

const KEYS = { OBJECTCLAS: ['OBJECTCLAS'], OBJECTID: ['OBJECTID'], CHANGENR: ['CHANGENR'] };
const HEADER = { USERNAME: ['USERNAME'], UDATE: ['UDATE'], UTIME: ['UTIME'], TCODE: ['TCODE'], CHANGE_IND: ['CHANGE_IND'] };

/** SAP's technical field names (RSAU_LOG, CDHDR, CDPOS), the same in every language. */
export const TECHNICAL_LABELS: LabelTable = {
  SM20: {
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
  CDHDR: { ...KEYS, ...HEADER },
  CDPOS: { ...KEYS, TABNAME: ['TABNAME'], TABKEY: ['TABKEY'], FNAME: ['FNAME'], CHNGIND: ['CHNGIND'], VALUE_NEW: ['VALUE_NEW'], VALUE_OLD: ['VALUE_OLD'], ...HEADER },
};

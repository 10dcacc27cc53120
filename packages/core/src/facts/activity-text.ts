import { changeDocActivity } from './file-facts.ts';
import type { CanonicalRecord } from '../flags/canonical-record.ts';

/** Short description of an SM20 record for patterns ("CUL SE38: Field content changed …"). */
export function describeSm20(rec: CanonicalRecord): string {
  const head = rec.tcode !== '' ? `${rec.event} ${rec.tcode}` : rec.event;
  const detail = rec.message !== '' ? rec.message : [rec.var1, rec.var2, rec.var3].filter((v) => v !== '').join(' ');
  const text = detail !== '' ? `${head}: ${detail}` : head;
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

/** Short description of a change-document row: "Change document CLASS ID no. NR TABLE-FIELD (TCODE)". */
export function describeChangeDoc(rec: CanonicalRecord): string {
  return changeDocActivity(rec.objectclas, rec.objectid, rec.changenr, changeDocDetail(rec.tabname, rec.fname, rec.tcode));
}

/** What describeChangeDoc says after the change number: table-field and transaction, each when known. */
export function changeDocDetail(tabname: string, fname: string, tcode: string): string {
  const tab = tabname === '' ? '' : fname === '' ? tabname : `${tabname}-${fname}`;
  if (tcode === '') return tab;
  return tab === '' ? `(${tcode})` : `${tab} (${tcode})`;
}

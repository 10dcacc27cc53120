import type { CanonicalRecord } from '../flags/canonical-record.ts';

/** Short description of an SM20 record for patterns ("CUL SE38: Field content changed …"). */
export function describeSm20(rec: CanonicalRecord): string {
  const head = rec.tcode !== '' ? `${rec.event} ${rec.tcode}` : rec.event;
  const detail = rec.message !== '' ? rec.message : [rec.var1, rec.var2, rec.var3].filter((v) => v !== '').join(' ');
  const text = detail !== '' ? `${head}: ${detail}` : head;
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

/** Short description of a change-document row. */
export function describeChangeDoc(rec: CanonicalRecord): string {
  const parts = [`${rec.objectclas} ${rec.objectid}`.trim(), rec.changenr && `no. ${rec.changenr}`, rec.tabname && `${rec.tabname}${rec.fname ? `-${rec.fname}` : ''}`, rec.tcode && `(${rec.tcode})`];
  return `Change document ${parts.filter(Boolean).join(' ')}`;
}

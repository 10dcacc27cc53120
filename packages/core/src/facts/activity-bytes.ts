import { changeDocActivity } from './file-facts.ts';
import { NO_DOC, type CollectedActivities, type CollectedDocs } from './collected-facts.ts';
import type { DictColumnBuilder } from './column-builders.ts';
import { DerivedBytes } from './facts-codec.ts';
import { changeDocDetail } from './activity-text.ts';

const PREFIX = Buffer.from('Change document ');
const NO = Buffer.from('no. ');
const SPACE = 32;

/** A dictionary's values as UTF-8 bytes, each made once. */
function dictBytes(d: DictColumnBuilder): Buffer[] {
  return d.dict.map((s) => Buffer.from(s));
}

/** A printable ASCII byte other than space: String#trim never removes it. */
const solid = (b: number | undefined) => b !== undefined && b > SPACE && b < 127; // -1 (empty) is not

/**
 * The activity texts of after-hours sensitive rows, as the facts file stores them: a row's own text,
 * or for a change document (CDHDR) the text its document columns make (changeDocActivity), written
 * as bytes straight from those columns. A 100 MB CDHDR file has about a million such rows; making
 * each text as a string (twice: once to size the column, once to write it) took two CPU-seconds.
 */
export function activityBytes(a: CollectedActivities, d: CollectedDocs): DerivedBytes {
  const n = a.users.length;
  // Row i's own text is activities value own[i] (rows with NO_DOC take them in order).
  const own = new Int32Array(n);
  for (let i = 0, k = 0; i < n; i++) own[i] = a.docRows.get(i) === NO_DOC ? k++ : -1;
  const classes = dictBytes(d.classes);
  const tcodes = dictBytes(d.tcodes);
  // Rows whose class or id could be trimmed or left out (`${class} ${id}`.trim()) go the string way.
  const plain = (r: number) => {
    const cls = classes[d.classes.idAt(r)]!;
    return cls.length > 0 && solid(cls[0]) && solid(d.ids.edgeByte(r, true));
  };
  const text = (r: number) => changeDocActivity(d.classes.get(r), d.ids.get(r), d.changenrs.get(r), changeDocDetail('', '', d.tcodes.get(r)));
  const docLength = (r: number) => {
    if (!plain(r)) return Buffer.byteLength(text(r));
    const nr = d.changenrs.byteLength(r);
    const tcode = tcodes[d.tcodes.idAt(r)]!.length;
    return PREFIX.length + classes[d.classes.idAt(r)]!.length + 1 + d.ids.byteLength(r) + (nr > 0 ? 1 + NO.length + nr : 0) + (tcode > 0 ? tcode + 3 : 0);
  };
  const writeDoc = (r: number, out: Buffer, at: number) => {
    if (!plain(r)) return at + out.write(text(r), at);
    at += PREFIX.copy(out, at);
    at += classes[d.classes.idAt(r)]!.copy(out, at);
    out[at++] = SPACE;
    at = d.ids.copyTo(r, out, at);
    if (d.changenrs.byteLength(r) > 0) {
      out[at++] = SPACE;
      at += NO.copy(out, at);
      at = d.changenrs.copyTo(r, out, at);
    }
    const tcode = tcodes[d.tcodes.idAt(r)]!;
    if (tcode.length > 0) {
      out[at++] = SPACE;
      out[at++] = 40; // (
      at += tcode.copy(out, at);
      out[at++] = 41; // )
    }
    return at;
  };
  const ascii = a.activities.isAscii && d.ids.isAscii && d.changenrs.isAscii && d.classes.dict.every(isAscii) && d.tcodes.dict.every(isAscii);
  return new DerivedBytes(
    n,
    ascii,
    (i) => (own[i]! >= 0 ? a.activities.byteLength(own[i]!) : docLength(a.docRows.get(i))),
    (i, out, at) => (own[i]! >= 0 ? a.activities.copyTo(own[i]!, out, at) : writeDoc(a.docRows.get(i), out, at)),
  );
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 128) return false;
  return true;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes XML entities and OOXML's `_xHHHH_` escapes (e.g. `_x000D_` for a carriage return). */
export function decodeXmlText(raw: string): string {
  let s = raw;
  if (s.includes('&')) {
    s = s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, body: string) => {
      if (body[0] === '#') {
        const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return NAMED[body] ?? whole;
    });
  }
  if (s.includes('_x')) s = s.replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return s;
}

/** The value of attribute `name` in an opening tag's text, undecoded, or undefined. */
export function attribute(tag: string, name: string): string | undefined {
  let from = 0;
  for (;;) {
    const at = tag.indexOf(name, from);
    if (at === -1) return undefined;
    const before = tag.charCodeAt(at - 1);
    let i = at + name.length;
    while (tag.charCodeAt(i) === 32) i++;
    // The name must stand alone (" r=" not "spr="), followed by = and a quote.
    if ((before === 32 || before === 10 || before === 9 || before === 13) && tag[i] === '=') {
      i++;
      while (tag.charCodeAt(i) === 32) i++;
      const quote = tag[i];
      if (quote === '"' || quote === "'") {
        const end = tag.indexOf(quote, i + 1);
        if (end !== -1) return tag.slice(i + 1, end);
      }
    }
    from = at + name.length;
  }
}

/** Finds `<name` as a whole element name (not `<names`) at or after `from`; -1 when absent. */
export function findOpenTag(xml: string, name: string, from: number): number {
  const needle = `<${name}`;
  let at = xml.indexOf(needle, from);
  while (at !== -1) {
    const next = xml.charCodeAt(at + needle.length);
    if (next === 62 /* > */ || next === 47 /* / */ || next === 32 || next === 10 || next === 9 || next === 13) return at;
    at = xml.indexOf(needle, at + 1);
  }
  return -1;
}

/**
 * Concatenated text of every `<t>` element in `xml` outside phonetic runs (`<rPh>`), as
 * shared strings and inline strings store rich text in several runs.
 */
export function textOfRuns(xml: string, prefix: string): string {
  let text = '';
  const t = `${prefix}t`;
  const closeT = `</${t}>`;
  const rPh = `<${prefix}rPh`;
  const closeRPh = `</${prefix}rPh>`;
  let i = 0;
  // The next phonetic run at or after i; searched forward once per run (a backward search from
  // every `<t>` is quadratic in the number of runs).
  let phonetic = -2;
  for (;;) {
    const open = findOpenTag(xml, t, i);
    if (open === -1) return text;
    if (phonetic !== -1 && phonetic < i) phonetic = xml.indexOf(rPh, i);
    if (phonetic !== -1 && phonetic < open) {
      const phoneticEnd = xml.indexOf(closeRPh, phonetic);
      if (phoneticEnd === -1) return text;
      // Past this run; the `<t>` is either inside it or after it (then found again).
      i = phoneticEnd + closeRPh.length;
      continue;
    }
    const tagEnd = xml.indexOf('>', open);
    if (tagEnd === -1) return text;
    if (xml.charCodeAt(tagEnd - 1) === 47 /* self-closing <t/> */) {
      i = tagEnd + 1;
      continue;
    }
    const close = xml.indexOf(closeT, tagEnd);
    if (close === -1) return text;
    text += decodeXmlText(xml.slice(tagEnd + 1, close));
    i = close + closeT.length;
  }
}

/** The namespace prefix ("" or "x:") the document uses for `localName`, e.g. `<x:worksheet`. */
export function prefixOf(xml: string, localName: string): string {
  const m = new RegExp(`<([A-Za-z_][\\w.-]*:)?${localName}[\\s>/]`).exec(xml);
  return m?.[1] ?? '';
}

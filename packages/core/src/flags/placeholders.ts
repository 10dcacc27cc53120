const LABELLED = /(,\s*)?([A-Za-z][\w. ]*?\s*=\s*)?&([A-F1-6])/g;
const SLOT: Record<string, number> = { A: 0, '1': 0, B: 1, '2': 1, C: 2, '3': 2 };

/**
 * A catalogue text with SAP's placeholders filled from the record's variables (`&A`/`&1` first,
 * `&B`/`&2` second, `&C`/`&3` third; `&D`… have no variable and become empty), so no reason shows `&1`.
 * @example fillPlaceholders('Logon failed (reason=&B, type=&A)', 'A', '1', '') // 'Logon failed (reason=1, type=A)'
 */
export function fillPlaceholders(text: string, var1: string, var2: string, var3: string): string {
  if (!text.includes('&')) return text;
  // Without variables the placeholders go, with the brackets that hold only them: "Logon failed".
  if (var1 === '' && var2 === '' && var3 === '') {
    return text.replace(/\s*\([^)]*&[A-Z0-9][^)]*\)/g, '').replace(/\s*&[A-Z0-9]/g, '').replace(/[.:\s]+$/, '');
  }
  const vars = [var1, var2, var3];
  // A "key=&X" whose variable is empty goes with its label and comma: "(reason=1, type=A)".
  return text
    .replace(LABELLED, (_match, comma: string | undefined, label: string | undefined, p: string) => {
      const v = vars[SLOT[p] ?? 3] ?? '';
      return v === '' ? (label ? '' : (comma ?? '')) : `${comma ?? ''}${label ?? ''}${v}`;
    })
    .replace(/\(\s*,\s*/g, '(')
    .replace(/\(\s*\)/g, '')
    .replace(/\s+([.,)])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

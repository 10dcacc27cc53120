import { prefixOf, textOfRuns } from './xml-text.ts';
import { inflateEntry, type RawEntry } from './zip-entries.ts';

/** All shared strings in order; read as a stream, one `<si>` at a time. */
export function readSharedStrings(entry: RawEntry): string[] {
  const strings: string[] = [];
  const decoder = new TextDecoder('utf-8');
  let buf = '';
  let prefix: string | undefined;
  let closeSi = '</si>';
  const take = (final: boolean): void => {
    prefix ??= prefixOf(buf, 'sst');
    closeSi = `</${prefix}si>`;
    const last = final ? buf.length : buf.lastIndexOf(closeSi);
    if (last === -1) return;
    const block = buf.slice(0, last);
    buf = buf.slice(last);
    const items = block.split(closeSi);
    for (const item of items) {
      const open = item.lastIndexOf(`<${prefix}si`);
      if (open === -1) continue;
      strings.push(textOfRuns(item.slice(open), prefix));
    }
  };
  for (const chunk of inflateEntry(entry)) {
    buf += decoder.decode(chunk, { stream: true });
    if (buf.length > 1 << 16) take(false);
  }
  buf += decoder.decode();
  take(true);
  return strings;
}

import { limitExceeded, type ReadLimits } from '../read-limits.ts';
import { ElementBlocks } from './element-blocks.ts';
import { prefixOf, textOfRuns } from './xml-text.ts';
import { inflateEntry, type RawEntry } from './zip-entries.ts';

/** All shared strings in order; read as a stream, one `<si>` at a time, within `limits`. */
export function readSharedStrings(entry: RawEntry, limits: ReadLimits): string[] {
  const strings: string[] = [];
  const decoder = new TextDecoder('utf-8');
  let prefix: string | undefined;
  let blocks: ElementBlocks | undefined;
  let head = '';
  let chars = 0;
  let inflated = 0;
  const take = (block: string): void => {
    const closeSi = `</${prefix}si>`;
    for (const item of block.split(closeSi)) {
      const open = item.lastIndexOf(`<${prefix}si`);
      if (open === -1) continue;
      const text = textOfRuns(item.slice(open), prefix!);
      if (text.length > limits.cellChars) throw limitExceeded(`a shared string (number ${strings.length + 1}) holds`, limits.cellChars, 'characters');
      chars += text.length;
      if (chars > limits.sharedStringChars) throw limitExceeded('the shared strings together hold', limits.sharedStringChars, 'characters');
      strings.push(text);
    }
  };
  const push = (text: string, final: boolean): void => {
    if (!blocks) {
      head += text;
      if (!final && head.length < 1 << 16 && !/sst[\s>/]/.test(head)) return;
      prefix = prefixOf(head, 'sst');
      // One `<si>` is one cell value plus its markup.
      blocks = new ElementBlocks(`</${prefix}si>`, limits.cellChars + limits.rowChars, () => limitExceeded('a shared string holds', limits.cellChars, 'characters'));
      text = head;
      head = '';
    }
    const block = blocks.push(text);
    if (block !== undefined) take(block);
  };
  for (const chunk of inflateEntry(entry)) {
    inflated += chunk.length;
    if (inflated > limits.sharedStringsBytes) throw limitExceeded(`the shared strings part ${entry.name} expands to`, limits.sharedStringsBytes, 'bytes');
    push(decoder.decode(chunk, { stream: true }), false);
  }
  push(decoder.decode(), true);
  take(blocks!.finish());
  return strings;
}

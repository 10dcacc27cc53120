import { StringDecoder } from 'node:string_decoder';
import type { Workspace } from './types.ts';

/** The lines of a workspace entry (without their line feeds, empty lines skipped), decoded as UTF-8 across chunk boundaries. */
export async function* linesOf(workspace: Workspace, name: string): AsyncIterable<string> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  for await (const chunk of workspace.read(name)) {
    pending += decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    let start = 0;
    for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n', start)) {
      if (nl > start) yield pending.slice(start, nl);
      start = nl + 1;
    }
    pending = pending.slice(start);
  }
  pending += decoder.end();
  if (pending !== '') yield pending;
}

/**
 * A one-line progress display on stderr; silent unless stderr is a terminal. `update` takes the
 * text or a function making it: the function is called only when the line is written (at most
 * every 100 ms, and never when stderr is no terminal), so frequent updates cost a clock read.
 */
export function createProgressBar(stream: NodeJS.WriteStream = process.stderr): { update(text: string | (() => string)): void; done(): void } {
  if (!stream.isTTY) return { update() {}, done() {} };
  let last = 0;
  let shown = false;
  return {
    update(text) {
      const now = Date.now();
      if (now - last < 100) return;
      last = now;
      shown = true;
      const line = typeof text === 'function' ? text() : text;
      // A terminal that reports no width (0, as some pseudo-terminals do) is taken as 80 columns.
      stream.write(`\r\x1b[K${line.slice(0, (stream.columns || 80) - 1)}`);
    },
    done() {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}

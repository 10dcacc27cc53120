/** A one-line progress display on stderr; silent unless stderr is a terminal. */
export function createProgressBar(stream: NodeJS.WriteStream = process.stderr): { update(text: string): void; done(): void } {
  if (!stream.isTTY) return { update() {}, done() {} };
  let last = 0;
  let shown = false;
  return {
    update(text) {
      const now = Date.now();
      if (now - last < 100) return;
      last = now;
      shown = true;
      // A terminal that reports no width (0, as some pseudo-terminals do) is taken as 80 columns.
      stream.write(`\r\x1b[K${text.slice(0, (stream.columns || 80) - 1)}`);
    },
    done() {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}

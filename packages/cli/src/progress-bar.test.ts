import { describe, expect, it } from 'vitest';
import { createProgressBar } from './progress-bar.ts';

function terminal(columns: number | undefined, isTTY = true) {
  const written: string[] = [];
  const stream = { isTTY, columns, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

describe('the progress line', () => {
  it('fits the terminal, and reads whole on a terminal that reports no width', () => {
    const text = 'Reading sm20-de.csv: 51 records';
    const narrow = terminal(12);
    createProgressBar(narrow.stream).update(text);
    expect(narrow.written).toEqual([`\r\x1b[K${text.slice(0, 11)}`]);
    for (const columns of [0, undefined]) {
      const t = terminal(columns);
      createProgressBar(t.stream).update(text);
      expect(t.written).toEqual([`\r\x1b[K${text}`]);
    }
  });

  it('writes nothing when the output is not a terminal', () => {
    const t = terminal(80, false);
    const bar = createProgressBar(t.stream);
    bar.update('Reading x: 1 records');
    bar.done();
    expect(t.written).toEqual([]);
  });

  it('makes a line only when it writes one: not within 100 ms of the last, nor off a terminal', () => {
    const t = terminal(80);
    const bar = createProgressBar(t.stream);
    let made = 0;
    const line = () => `Reading x: ${++made} records`;
    bar.update(line);
    for (let i = 0; i < 1000; i++) bar.update(line);
    expect(made).toBe(1);
    expect(t.written).toEqual(['\r\x1b[KReading x: 1 records']);
    let off = 0;
    createProgressBar(terminal(80, false).stream).update(() => `${++off}`);
    expect(off).toBe(0);
  });
});

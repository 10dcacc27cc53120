/**
 * Cuts a stream of XML text into blocks that end just after a closing tag (`</row>`, `</si>`),
 * so that each element reaches the parser whole. Linear in its input: each new piece is
 * searched once, and text that holds no closing tag yet waits as a list of pieces rather than as
 * one growing string (searching or flattening that string again for every piece is quadratic).
 */
export class ElementBlocks {
  private pending: string[] = [];
  private pendingChars = 0;
  /** The last characters seen, as a closing tag may straddle two pieces. */
  private tail = '';

  /** `tooLarge` is thrown when more than `maxChars` arrive without a closing tag. */
  constructor(
    private readonly close: string,
    private readonly maxChars: number,
    private readonly tooLarge: () => Error,
  ) {}

  /** Takes the next piece; returns the text up to and including its last closing tag, if any. */
  push(text: string): string | undefined {
    const overlap = this.close.length - 1;
    const probe = this.tail + text;
    const at = probe.lastIndexOf(this.close);
    if (at === -1) {
      this.pending.push(text);
      this.pendingChars += text.length;
      if (this.pendingChars > this.maxChars) throw this.tooLarge();
      this.tail = probe.slice(-overlap);
      return undefined;
    }
    // A tag starts with `<` and ends with `>`, so it cannot overlap itself: cut after it.
    const cut = at + this.close.length - this.tail.length;
    if (this.pendingChars > 0 && this.pendingChars + probe.indexOf(this.close) - this.tail.length > this.maxChars) throw this.tooLarge();
    this.pending.push(text.slice(0, cut));
    const block = this.pending.join('');
    const rest = text.slice(cut);
    this.pending = rest ? [rest] : [];
    this.pendingChars = rest.length;
    this.tail = rest.slice(-overlap);
    return block;
  }

  /** What is left after the last closing tag. */
  finish(): string {
    const rest = this.pending.join('');
    this.pending = [];
    this.pendingChars = 0;
    this.tail = '';
    return rest;
  }
}

/**
 * The RULES cells of one report part. A part sees few distinct lists of rule ids, so a flagged row
 * joins none: its list is compared with the ones seen, and the text is made once per list.
 */
export class RulesCells {
  private readonly lists: string[][] = [];
  private readonly texts: string[] = [];

  constructor(private readonly max = 32) {}

  /** `rules.join(', ')`. */
  of(rules: readonly string[]): string {
    const n = rules.length;
    if (n === 0) return '';
    const lists = this.lists;
    for (let i = 0; i < lists.length; i++) {
      const list = lists[i]!;
      if (list.length !== n) continue;
      let j = 0;
      while (j < n && list[j] === rules[j]) j++;
      if (j === n) return this.texts[i]!;
    }
    const text = rules.join(', ');
    if (lists.length < this.max) {
      lists.push(rules.slice());
      this.texts.push(text);
    }
    return text;
  }
}

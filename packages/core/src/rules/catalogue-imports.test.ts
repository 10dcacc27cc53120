/**
 * The web app imports the rule catalogue (rules/index.ts) into the browser: nothing it reaches may
 * need Node (Buffer, node: modules). A rule is one module (its catalogue entry beside its code), so
 * the catalogue reaches the rule modules, but nothing of the engine, the correlation step, the fact
 * store beyond its plain types and keys (facts/file-facts.ts), or the lists.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const VALUE_IMPORT = /^(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'/gm;
const SIDE_EFFECT_IMPORT = /^import\s+'([^']+)'/gm;

/** The files a module reaches through value imports (type-only imports vanish in the bundle). */
function reached(entry: string): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const text = readFileSync(file, 'utf8');
    seen.set(file, text);
    for (const re of [VALUE_IMPORT, SIDE_EFFECT_IMPORT])
      for (const m of text.matchAll(re)) {
        const spec = m[1]!;
        if (spec.startsWith('.')) visit(join(dirname(file), spec));
        else seen.set(spec, '');
      }
  };
  visit(entry);
  return seen;
}

describe('the rule catalogue as the web app imports it', () => {
  it('reaches no Node-only code', () => {
    const root = join(import.meta.dirname, '..');
    const files = reached(join(import.meta.dirname, 'index.ts'));
    const nodeOnly = [...files]
      .filter(([file, text]) => file.startsWith('node:') || /\bBuffer\.|\bprocess\.(env|argv|cwd|exit|platform)\b/.test(text.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '')))
      .map(([file]) => (file.startsWith('/') ? relative(root, file) : file));
    expect(nodeOnly).toEqual([]);
    const reachedFiles = [...files.keys()].map((f) => relative(root, f));
    expect(reachedFiles).toContain('rules/catalogue.ts');
    expect(reachedFiles).toContain('rules/pattern/bank-change-then-payment.ts');
    expect(reachedFiles.filter((f) => /^(engine|correlate|lists|holidays|report|workspace)\//.test(f) || (f.startsWith('facts/') && f !== 'facts/file-facts.ts'))).toEqual([]);
  });
});

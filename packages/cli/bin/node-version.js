// Imported first by sap-analyzer.js, before anything that needs a newer Node: run directly
// (node_modules/.bin/sap-analyzer outside npm) on a Node older than package.json's `engines`, the
// CLI stops with one line instead of failing later in some module.
import { readFileSync } from 'node:fs';

/** `>=22.12`-style ranges (the form package.json uses): the problem with `version`, or undefined. */
export function nodeVersionProblem(version, range) {
  const want = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!want) return undefined;
  const have = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!have) return undefined;
  const a = have.slice(1, 4).map(Number);
  const b = want.slice(1, 4).map((n) => Number(n ?? 0));
  for (let i = 0; i < 3; i++) {
    if (a[i] > b[i]) return undefined;
    if (a[i] < b[i]) return `sap-analyzer needs Node ${range.trim()} (this is Node ${version}); install Node 24 (.nvmrc) or run it through npm, which uses the repository's own Node.`;
  }
  return undefined;
}

const engines = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).engines?.node ?? '';
const problem = nodeVersionProblem(process.version, engines);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}

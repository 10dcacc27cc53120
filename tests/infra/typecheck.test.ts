/** sst.config.ts and stacks/*.ts type-check against SST's real platform types and @pulumi/aws. */
import { join } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { PLATFORM_DIR, REPO_ROOT } from './sst-platform.ts';

/** Diagnostics in the project's files; the platform's own sources (and its uninstalled providers) are SST's concern. */
function stackDiagnostics(): string[] {
  const configPath = join(REPO_ROOT, 'stacks/tsconfig.json');
  const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, join(REPO_ROOT, 'stacks'));
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => !d.file || !(d.file.fileName.startsWith(PLATFORM_DIR) || d.file.fileName.includes('/node_modules/')))
    .map((d) => {
      const where = d.file ? `${d.file.fileName.slice(REPO_ROOT.length + 1)}(${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1})` : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
}

test('the stacks type-check against SST platform types', () => {
  const config = join(REPO_ROOT, 'stacks/tsconfig.json');
  expect(ts.sys.fileExists(config)).toBe(true);
  expect(ts.sys.fileExists(join(PLATFORM_DIR, 'config.d.ts'))).toBe(true);
  expect(stackDiagnostics()).toEqual([]);
});

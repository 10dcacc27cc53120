/** The CLI refuses to start on a Node older than package.json's `engines` range, with one line. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from '../bin/node-version.js';

const BIN = fileURLToPath(new URL('../bin/sap-analyzer.js', import.meta.url));
const ENGINES = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).engines.node as string;

describe('nodeVersionProblem', () => {
  it('accepts versions in the range and names the range and the version otherwise', () => {
    expect(ENGINES).toBe('>=22.12');
    expect(nodeVersionProblem('v22.12.0', ENGINES)).toBeUndefined();
    expect(nodeVersionProblem('v24.21.0', ENGINES)).toBeUndefined();
    expect(nodeVersionProblem('v23.0.0', ENGINES)).toBeUndefined();
    expect(nodeVersionProblem('v22.11.9', ENGINES)).toBe(
      "sap-analyzer needs Node >=22.12 (this is Node v22.11.9); install Node 24 (.nvmrc) or run it through npm, which uses the repository's own Node.",
    );
    expect(nodeVersionProblem('v20.20.2', ENGINES)).toContain('needs Node >=22.12 (this is Node v20.20.2)');
  });
});

// The machine's own Node (Debian's, older than the range on the CI machine) runs the CLI directly.
const systemNode = ['/usr/bin/node', '/bin/node'].find((p) => existsSync(p));
const systemVersion = systemNode ? spawnSync(systemNode, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
const systemTooOld = systemNode !== undefined && nodeVersionProblem(systemVersion, ENGINES) !== undefined;

describe.runIf(systemTooOld)(`run directly on the machine's ${systemVersion}`, () => {
  it('stops with exit code 1 and the one line, before anything else runs', () => {
    const run = spawnSync(systemNode!, [BIN, '--help'], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin' } });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`${nodeVersionProblem(systemVersion, ENGINES)}\n`);
  });
});

it('starts on the Node the tests run on', () => {
  const run = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
  expect(run.stderr).not.toContain('sap-analyzer needs Node');
  expect(run.status).toBe(0);
});

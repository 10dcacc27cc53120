import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cliBundle } from '../bin/cli-bundle.js';
import { fixture, runCli, tempFolder } from './test-support/run-cli.ts';

const inputs = ['sm20.csv', 'cdhdr.csv', 'cdpos.csv', 'tickets.csv'].map(fixture);

const run = (args: string[], env: NodeJS.ProcessEnv, cwd: string) => runCli(args, { env, cwd });

const dir = tempFolder('cli-bundle-');

describe('the CLI bundle', () => {
  it('is built into node_modules/.cache with each project module keeping its own import.meta.url', async () => {
    const url = (await cliBundle())!;
    expect(url.pathname).toMatch(/\/node_modules\/\.cache\/sap-analyzer\/cli-main-[0-9a-f]{16}\.mjs$/);
    const code = readFileSync(url, 'utf8');
    // The engine's list loader finds its data folder from its own source file, not from the bundle's.
    const loader = pathToFileURL(fileURLToPath(new URL('../../core/src/lists/load-lists.ts', import.meta.url))).href;
    expect(code).toContain(JSON.stringify(loader));
    expect(code).not.toContain('import.meta.url');
    // The same sources give the same file: no build on the next run.
    expect((await cliBundle())?.href).toBe(url.href);
  });

  it('gives the same outputs as the sources run through tsx, from any working directory', async () => {
    const bundled = await run(['analyze', ...inputs, '--out', join(dir(), 'bundled'), '--json'], {}, dir());
    const sources = await run(['analyze', ...inputs, '--out', join(dir(), 'sources'), '--json'], { SAP_ANALYZER_NO_BUNDLE: '1' }, tmpdir());
    expect([bundled.code, bundled.stderr]).toEqual([0, '']);
    expect([sources.code, sources.stderr]).toEqual([0, '']);
    expect(JSON.parse(bundled.stdout).summary.total_records).toBe(40);
    expect(bundled.stdout).toBe(sources.stdout);
    expect(await readFile(join(dir(), 'bundled', 'results.csv'))).toEqual(await readFile(join(dir(), 'sources', 'results.csv')));
  });
});

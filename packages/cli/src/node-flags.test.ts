import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MALLOC_ENV, missingMallocEnv, missingNodeFlags, NODE_FLAGS } from '../bin/node-flags.js';

const BIN = fileURLToPath(new URL('../bin/sap-analyzer.js', import.meta.url));

describe('the V8 settings the CLI re-runs itself with', () => {
  it('adds every setting the caller did not choose, and none the caller did (on the command line or in NODE_OPTIONS)', () => {
    expect(missingNodeFlags([])).toEqual(NODE_FLAGS);
    expect(missingNodeFlags(['--max-semi-space-size=64'])).toEqual(['--max-inlined-bytecode-size-cumulative=250', '--no-parallel-scavenge']);
    expect(missingNodeFlags(['--import', 'tsx'], '--max-inlined-bytecode-size-cumulative=400')).toEqual(['--max-semi-space-size=32', '--no-parallel-scavenge']);
    expect(missingNodeFlags(['--max-semi-space-size=16', '--max-inlined-bytecode-size-cumulative=920', '--no-parallel-scavenge'])).toEqual([]);
    // A boolean V8 flag is the caller's in either form, with - or _.
    expect(missingNodeFlags(['--parallel-scavenge'])).toEqual(['--max-semi-space-size=32', '--max-inlined-bytecode-size-cumulative=250']);
    expect(missingNodeFlags([], '--max_semi_space_size=8 --parallel_scavenge')).toEqual(['--max-inlined-bytecode-size-cumulative=250']);
    // A flag merely starting like one of ours is not it.
    expect(missingNodeFlags(['--max-semi-space-size-extra=1'])).toEqual(NODE_FLAGS);
  });
});

describe("the C library's allocator settings", () => {
  it('adds those the environment does not set, and keeps the caller\'s own values', () => {
    expect(MALLOC_ENV).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' });
    expect(missingMallocEnv({})).toEqual(MALLOC_ENV);
    expect(missingMallocEnv({ MALLOC_ARENA_MAX: '8', PATH: '/bin' })).toEqual({ MALLOC_MMAP_THRESHOLD_: '131072' });
    // An empty value is the caller's choice too.
    expect(missingMallocEnv({ MALLOC_ARENA_MAX: '', MALLOC_MMAP_THRESHOLD_: '65536' })).toEqual({});
  });

  it('are in the environment of the run the CLI starts, unless the caller set them', () => {
    // A module every Node process of the run loads first (NODE_OPTIONS passes to the re-run) prints what it sees.
    const dir = mkdtempSync(join(tmpdir(), 'malloc-env-'));
    try {
      const probe = join(dir, 'probe.mjs');
      writeFileSync(probe, "process.stderr.write(`ENV ${process.env.MALLOC_ARENA_MAX ?? '-'} ${process.env.MALLOC_MMAP_THRESHOLD_ ?? '-'}\\n`);\n");
      const run = (env: Record<string, string>, flags: string[] = []) => {
        const { MALLOC_ARENA_MAX: _a, MALLOC_MMAP_THRESHOLD_: _m, ...rest } = process.env;
        const r = spawnSync(process.execPath, [...flags, BIN, '--help'], { encoding: 'utf8', env: { ...rest, NODE_OPTIONS: `--import ${probe}`, ...env } });
        expect(r.status).toBe(0);
        return r.stderr.split('\n').filter((l) => l.startsWith('ENV '));
      };
      // The first process has none; the run it starts has both.
      expect(run({})).toEqual(['ENV - -', 'ENV 2 131072']);
      expect(run({ MALLOC_ARENA_MAX: '4' })).toEqual(['ENV 4 -', 'ENV 4 131072']);
      // Nothing to add and every V8 flag chosen: no second process.
      expect(run({ MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '1' }, NODE_FLAGS)).toEqual(['ENV 4 1']);
      // Every V8 flag chosen but the allocator's settings not: the run is started for them.
      expect(run({}, NODE_FLAGS)).toEqual(['ENV - -', 'ENV 2 131072']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

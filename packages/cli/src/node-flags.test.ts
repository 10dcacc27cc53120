import { describe, expect, it } from 'vitest';
import { missingNodeFlags, NODE_FLAGS } from '../bin/node-flags.js';

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

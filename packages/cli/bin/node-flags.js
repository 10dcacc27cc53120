/**
 * The V8 settings the CLI runs with; sap-analyzer.js re-runs itself once with those the caller did
 * not choose. Each was measured on the 100 MB bench files (docs/benchmarks.md):
 * - a 32 MB semi-space: the engine makes many short-lived strings per record, and a larger young
 *   generation cuts garbage-collection time markedly;
 * - an inlining budget of 150 bytes of bytecode per optimised function instead of V8's 920: in a
 *   run of a few seconds much of the CPU goes to V8's optimising compiler, which compiles the hot
 *   code once per thread; smaller compilations finish sooner (step 1 from a cold start: compiler
 *   and other background CPU 0.65 → 0.47 s), and the full run is no slower.
 */
export const NODE_FLAGS = ['--max-semi-space-size=32', '--max-inlined-bytecode-size-cumulative=150'];

/** The flags of NODE_FLAGS whose option neither `execArgv` nor NODE_OPTIONS sets. */
export function missingNodeFlags(execArgv, nodeOptions = '') {
  return NODE_FLAGS.filter((flag) => {
    const name = flag.slice(0, flag.indexOf('='));
    return !execArgv.some((a) => a.startsWith(name)) && !nodeOptions.includes(name);
  });
}

/**
 * The V8 settings the CLI runs with; sap-analyzer.js re-runs itself once with those the caller did
 * not choose. Each was measured on the 100 MB bench files (docs/benchmarks.md):
 * - a 32 MB semi-space: the engine makes many short-lived strings per record, and a larger young
 *   generation cuts garbage-collection time markedly;
 * - an inlining budget of 400 bytes of bytecode per optimised function instead of V8's 920: in a
 *   run of a few seconds much of the CPU goes to V8's optimising compiler, which compiles the hot
 *   code once per thread, and smaller compilations finish sooner (step 1 of the 100 MB SM20 file
 *   from a cold start, median of alternating runs: 0.99–1.05 s → 0.95–0.98 s), while the report
 *   step of the 4-file run is no slower. A budget of 150 made step 1 faster still but that report
 *   step about 5 % slower, so it is not used.
 */
export const NODE_FLAGS = ['--max-semi-space-size=32', '--max-inlined-bytecode-size-cumulative=400'];

/** The flags of NODE_FLAGS whose option neither `execArgv` nor NODE_OPTIONS sets. */
export function missingNodeFlags(execArgv, nodeOptions = '') {
  return NODE_FLAGS.filter((flag) => {
    const name = flag.slice(0, flag.indexOf('='));
    return !execArgv.some((a) => a.startsWith(name)) && !nodeOptions.includes(name);
  });
}

/**
 * The V8 settings the CLI runs with; sap-analyzer.js re-runs itself once with those the caller did
 * not choose. Each was measured on the 100 MB bench files (docs/benchmarks.md):
 * - a 32 MB semi-space: the engine makes many short-lived strings per record, and a larger young
 *   generation cuts garbage-collection time markedly;
 * - an inlining budget of 250 bytes of bytecode per optimised function instead of V8's 920: in a
 *   run of a few seconds much of the CPU goes to V8's optimising compiler, which compiles the hot
 *   code once per thread, on the same two cores the engine's threads run on, and smaller
 *   compilations finish sooner. Step 1 of the 100 MB SM20 file from a cold start, medians of
 *   alternating runs: 920 → 400 took 0.99–1.05 s to 0.95–0.98 s; 400 → 250 took 1.016 → 0.981,
 *   1.122 → 1.047, 1.061 → 1.012 and 1.043 → 0.974 s in four sets (V8's compiler threads 40–90
 *   CPU-ms less), while the full CLI on that file was the same (8.08 against 7.99 s, five pairs)
 *   and so was the 4-file run (three pairs). A budget of 150 was no faster than 250 for step 1
 *   and made the report step of the 4-file run about 5 % slower;
 * - young-generation collections in the collecting thread only, without V8's helper threads: the
 *   engine keeps both cores busy with its own threads (this one and a task worker, plus zlib's in
 *   the report), so helpers only take turns with them (step 1 of the 100 MB SM20 file from a cold
 *   start, median of eight alternating runs: 1.022 s → 0.985 s, the slowest 1.078 → 1.012 s; the
 *   4-file run 38.9–39.4 s → 38.4–38.5 s, the same peak memory). Stopping every GC helper
 *   (`--single-threaded-gc`) was as fast but raised the 4-file run's peak from 0.9 to 1.2–1.3 GB.
 */
export const NODE_FLAGS = ['--max-semi-space-size=32', '--max-inlined-bytecode-size-cumulative=250', '--no-parallel-scavenge'];

/**
 * The C library's allocator settings the CLI runs with (glibc reads them when the process starts,
 * so sap-analyzer.js sets them in the environment of the run it starts; other C libraries ignore
 * them). Every engine thread allocates its own buffers (rows, facts, sheet segments), and glibc
 * gives each thread an arena of its own and keeps large freed blocks in them once its dynamic
 * threshold has risen; the freed memory then stays in the process's resident size:
 * - at most two arenas (one per core) instead of up to eight per core;
 * - blocks from 128 KiB up always mapped on their own (the threshold no longer rises), so they go
 *   back to the system when they are freed.
 * Measured in docs/benchmarks.md (peak RSS of the single-file and 4-file runs, same CPU).
 */
export const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/** The settings of MALLOC_ENV that `env` does not set (the caller's own values win). */
export function missingMallocEnv(env) {
  return Object.fromEntries(Object.entries(MALLOC_ENV).filter(([name]) => env[name] === undefined));
}

/** The V8 option a flag sets: `--max-semi-space-size=32` and `--no-parallel-scavenge` name `--max-semi-space-size` and `--parallel-scavenge`. */
function optionOf(flag) {
  const eq = flag.indexOf('=');
  const name = (eq < 0 ? flag : flag.slice(0, eq)).replace(/_/g, '-');
  return name.startsWith('--no-') ? `--${name.slice(5)}` : name;
}

/** The flags of NODE_FLAGS whose option neither `execArgv` nor NODE_OPTIONS sets. */
export function missingNodeFlags(execArgv, nodeOptions = '') {
  const chosen = [...execArgv, ...nodeOptions.split(/\s+/)].filter((a) => a.startsWith('--')).map(optionOf);
  return NODE_FLAGS.filter((flag) => !chosen.includes(optionOf(flag)));
}

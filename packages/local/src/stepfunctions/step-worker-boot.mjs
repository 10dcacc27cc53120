// Entry of a step worker thread. Worker threads do not inherit the parent's TypeScript loader
// (neither tsx's hooks under `npm start` nor Vitest's transform), and `--import` in a worker's
// execArgv does not apply to its entry module on Node 20; registering tsx here works in both.
import { register } from 'tsx/esm/api';

register();
await import('./step-worker.ts');

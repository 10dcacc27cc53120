// Entry of a streamed findings export's worker thread (export-worker.ts). Worker threads do not
// inherit the parent's TypeScript loader (tsx under the local stack, Vitest's transform in tests);
// registering tsx here works in both, as review-worker-boot.mjs does.
import { register } from 'tsx/esm/api';

register();
await import('./export-worker.ts');

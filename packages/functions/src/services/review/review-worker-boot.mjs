// Entry of a review worker. Worker threads do not inherit the parent's TypeScript loader
// (tsx under the local stack, Vitest's transform in tests); registering tsx here works in both.
import { register } from 'tsx/esm/api';

register();
await import('./review-worker.ts');

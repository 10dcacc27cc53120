// Entry of an engine task worker. Worker threads do not inherit the parent's TypeScript loader
// (tsx under the CLI, Vitest's transform in tests); registering tsx here works in both.
import { register } from 'tsx/esm/api';

register();
await import('./task-worker.ts');

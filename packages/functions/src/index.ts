export * from './http/types.ts';
export * from './http/errors.ts';
export * from './ports/index.ts';
export * from './config/index.ts';
export type { Services } from './services/types.ts';

export * from './models.ts';
export * from './prompts.ts';
export * from './render.ts';
export * from './batch.ts';

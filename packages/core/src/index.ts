export * from './model/index.ts';
export * from './errors/index.ts';
export * from './engine/contract.ts';

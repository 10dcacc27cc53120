/** Workspace entry names the engine's steps exchange. */
export const factsName = (index: number) => `facts/${index}.jsonl`;
export const CORRELATION_NAME = 'correlation.json';

/** Workspace entry names the engine's steps exchange. */
export const factsName = (index: number) => `facts/${index}.bin`;
export const CORRELATION_NAME = 'correlation.json';

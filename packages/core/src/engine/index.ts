/** The analysis engine: `engine` implements contract.ts; `analyzeFiles` runs it all on one machine. */
export { engine, flagContextOf } from './engine.ts';
export { analyzeFiles, type AnalyzeOptions } from './analyze-files.ts';
export { createFolderWorkspace, fileSink } from '../workspace/index.ts';
export { riskLevel } from './report/write-reports.ts';
export { createTaskPool, type TaskEnv, type TaskPool } from './pool/task-pool.ts';
export { SPLIT_THRESHOLD_BYTES } from './parse/parse-parts.ts';
export { READ_CHUNK_BYTES } from './pool/task-context.ts';
export * from './contract.ts';

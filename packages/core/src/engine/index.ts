/** The analysis engine: `engine` implements contract.ts; `analyzeFiles` runs it all on one machine. */
export { engine, flagContextOf } from './engine.ts';
export { analyzeFiles, type AnalyzeOptions } from './analyze-files.ts';
export { createFolderWorkspace, fileSink } from '../workspace/index.ts';
export { riskLevel } from './write-reports.ts';
export * from './contract.ts';

/** The named byte streams of one analysis (intermediates and outputs), and a folder that holds them. */
export type { ByteSink, ChunkSource, ChunkWriter, Workspace } from './types.ts';
export { copyOf, createFolderWorkspace, moveOf, fileSink, readJson, readJsonLines, readText, writeJson, writeJsonLines } from './folder-workspace.ts';
export { linesOf } from './lines.ts';

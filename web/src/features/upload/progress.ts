/** Overall progress of an upload run (spec 4: stages, clamped 0..100). */
export type Stage = 'Initializing' | 'Uploading' | 'Processing' | 'Analyzing' | 'Generating Report' | 'Uploaded' | 'Complete' | 'Error';

/**
 * What the upload screens say once the files are up and the analysis has been started (issue 27):
 * the upload is done, the analysis has only begun, so never 'Complete 100 %'.
 */
export const UPLOADED_ANALYSIS_STARTED = 'Files uploaded; the analysis has started and its progress page opens next';

export interface Progress {
  stage: Stage;
  percent: number;
  substage?: string;
}

export function clampPercent(p: number): number {
  return Math.min(100, Math.max(0, Math.round(p)));
}

/** Share of the whole run reached by file `index` of `count` at `withinFile` (0..100). */
export function overallPercent(index: number, count: number, withinFile: number): number {
  if (count <= 0) return 0;
  return clampPercent(((index + clampPercent(withinFile) / 100) / count) * 100);
}

/** How far a file is inside its own sequence: upload bytes 0-80, mark ready 85, analysis started 100. */
export const WITHIN_FILE = {
  uploaded: (bytesPercent: number) => clampPercent(bytesPercent) * 0.8,
  processing: 85,
  analyzing: 95,
  done: 100,
};

/** The app opens the analysis page this long after the last upload finished (spec 9). */
export const NAVIGATE_AFTER_UPLOAD_MS = 1000;

/**
 * Files chosen on the upload page that its "Multi-File Analysis" button takes along to the
 * multi-file page, so a user who picked SM20, CDHDR, CDPOS and tickets there need not pick them
 * again. Kept in memory in this tab only, taken once.
 */
let handed: File[] = [];

export function handFilesOver(files: readonly File[]): void {
  handed = [...files];
}

/** The files handed over (then none). */
export function takeHandedFiles(): File[] {
  const files = handed;
  handed = [];
  return files;
}

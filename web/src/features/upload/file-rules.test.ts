import { describe, expect, it } from 'vitest';
import type { FileRejection } from '@mantine/dropzone';
import { addedMessage, contentTypeFor, rejectionMessages, uploadFileType, validateFile } from './file-rules.ts';

const file = (name: string, size = 10) => ({ name, size });

describe('validateFile', () => {
  it('accepts csv, tsv, txt, xls and xlsx on every upload path up to 100 MB', () => {
    for (const mode of ['single', 'multi'] as const) for (const n of ['a.csv', 'b.XLS', 'c.xlsx', 'd.txt', 'e.tsv']) expect(validateFile(file(n), mode)).toBeNull();
    expect(validateFile(file('edge.csv', 104_857_600), 'single')).toBeNull();
  });
  it('rejects other types and oversized files with the exact messages', () => {
    expect(validateFile(file('report.pdf'), 'single')).toBe('report.pdf: Invalid file type. Please use CSV, TSV, TXT or Excel files');
    expect(validateFile(file('big.csv', 104_857_601), 'single')).toBe('big.csv: File is too large (max 100MB)');
  });
  it('takes txt in multi upload too (SE16 and RSAU_READ_LOG exports come as .txt)', () => {
    expect(validateFile(file('sm20.txt'), 'multi')).toBeNull();
    expect(validateFile(file('sm20.pdf'), 'multi')).toBe('sm20.pdf: Invalid file type. Please use CSV, TSV, TXT or Excel files');
  });
});

describe('rejectionMessages', () => {
  it("maps picker codes to our texts and passes the library's other messages through", () => {
    const rej = (name: string, code: string, message: string) =>
      ({ file: new File(['x'], name), errors: [{ code, message }] }) as unknown as FileRejection;
    expect(
      rejectionMessages(
        [rej('x.pdf', 'file-invalid-type', 'lib'), rej('y.csv', 'file-too-large', 'lib'), rej('z.csv', 'too-many-files', 'Too many files')],
        'single',
      ),
    ).toEqual([
      'x.pdf: Invalid file type. Please use CSV, TSV, TXT or Excel files',
      'y.csv: File is too large (max 100MB)',
      'z.csv: Too many files',
    ]);
  });
});

describe('upload naming', () => {
  it('sends excel for a workbook and csv for text (by content), with the content type by extension', () => {
    expect(uploadFileType('xlsx')).toBe('excel');
    expect(uploadFileType('text')).toBe('csv');
    expect(contentTypeFor('a.xls')).toBe('application/vnd.ms-excel');
    expect(contentTypeFor('a.xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(contentTypeFor('a.txt')).toBe('text/csv');
    expect(addedMessage(3)).toBe('3 file(s) added successfully');
  });
});

import { describe, expect, it } from 'vitest';
import type { FileRejection } from '@mantine/dropzone';
import { addedMessage, contentTypeFor, rejectionMessages, uploadFileType, validateFile } from './file-rules.ts';

const file = (name: string, size = 10) => ({ name, size });

describe('validateFile', () => {
  it('accepts csv, xls, xlsx and txt for single upload up to 100 MB', () => {
    for (const n of ['a.csv', 'b.XLS', 'c.xlsx', 'd.txt']) expect(validateFile(file(n), 'single')).toBeNull();
    expect(validateFile(file('edge.csv', 104_857_600), 'single')).toBeNull();
  });
  it('rejects other types and oversized files with the exact messages', () => {
    expect(validateFile(file('report.pdf'), 'single')).toBe('report.pdf: Invalid file type. Please use CSV, Excel, or TXT files');
    expect(validateFile(file('big.csv', 104_857_601), 'single')).toBe('big.csv: File is too large (max 100MB)');
  });
  it('refuses txt in multi upload', () => {
    expect(validateFile(file('sm20.txt'), 'multi')).toBe('sm20.txt: Invalid file type. Please use CSV or Excel files');
    expect(validateFile(file('sm20.csv'), 'multi')).toBeNull();
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
      'x.pdf: Invalid file type. Please use CSV, Excel, or TXT files',
      'y.csv: File is too large (max 100MB)',
      'z.csv: Too many files',
    ]);
  });
});

describe('upload naming', () => {
  it('sends excel for xls/xlsx and csv otherwise, with the content type by extension', () => {
    expect(uploadFileType('a.xlsx')).toBe('excel');
    expect(uploadFileType('a.xls')).toBe('excel');
    expect(uploadFileType('a.txt')).toBe('csv');
    expect(contentTypeFor('a.xls')).toBe('application/vnd.ms-excel');
    expect(contentTypeFor('a.xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(contentTypeFor('a.txt')).toBe('text/csv');
    expect(addedMessage(3)).toBe('3 file(s) added successfully');
  });
});

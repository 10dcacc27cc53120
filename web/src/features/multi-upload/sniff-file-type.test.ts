import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeHead, detectTypeFromContent } from './sniff-file-type.ts';

const fixture = (name: string) => {
  const bytes = readFileSync(resolve(import.meta.dirname, '../../../../packages/core/src/formats/fixtures', name));
  return new File([bytes], name);
};

describe('detectTypeFromContent', () => {
  it('reads the type of the engine fixtures from their content, as the engine does', async () => {
    expect(await detectTypeFromContent(fixture('sm20-pipe.txt'))).toBe('SM20');
    expect(await detectTypeFromContent(fixture('sm20-utf16le-tab.txt'))).toBe('SM20');
    expect(await detectTypeFromContent(fixture('sm20-windows-1252.csv'))).toBe('SM20');
    expect(await detectTypeFromContent(fixture('cdhdr-se16-padded.csv'))).toBe('CDHDR');
    expect(await detectTypeFromContent(fixture('cdpos-sap-list.txt'))).toBe('CDPOS');
    expect(await detectTypeFromContent(fixture('cdpos-semicolon-bom.csv'))).toBe('CDPOS');
    expect(await detectTypeFromContent(fixture('tickets-servicenow.csv'))).toBe('TICKETS');
  });

  it('gives null for unknown headers, empty files and workbooks', async () => {
    expect(await detectTypeFromContent(fixture('unrecognised.csv'))).toBeNull();
    expect(await detectTypeFromContent(new File([], 'empty.csv'))).toBeNull();
    expect(await detectTypeFromContent(fixture('tickets-title-rows.xlsx'))).toBeNull();
  });

  it('ignores a misleading name: the content decides', async () => {
    const helpdesk = new File(['Number,Short description,Description,Caller,Opened,Closed,State\nINC1,x,y,ALICE,2024-03-01,,Open\n'], 'sm20_helpdesk6.csv');
    expect(await detectTypeFromContent(helpdesk)).toBe('TICKETS');
  });
});

describe('decodeHead', () => {
  it('reads UTF-8 with BOM, UTF-16LE with BOM and falls back to Windows-1252', () => {
    expect(decodeHead(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe('A');
    expect(decodeHead(new Uint8Array([0xff, 0xfe, 0x41, 0x00]))).toBe('A');
    expect(decodeHead(new Uint8Array([0x42, 0xe4]))).toBe('Bä');
  });
});

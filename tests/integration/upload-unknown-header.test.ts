/**
 * Issue 27: a text file whose header names no SM20, CDHDR, CDPOS or ticket columns is refused at the
 * API's confirm step (PUT /files), by its content, whatever its name; the message says what was
 * found and what is expected, and the upload is gone (not listed, not analysable).
 */
import { describe, expect, it } from 'vitest';
import { uploadFile, type TestClient, type TestStack } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';

let stack: TestStack;
let alice: TestClient;

signedInStack((s) => ({ stack, user: alice } = s));

describe('confirm step checks the header by content', () => {
  for (const name of ['people.txt', 'people.csv', 'people.tsv', 'people.xls']) {
    it(`refuses ${name} whose header names no known export, saying what was found and what is expected`, async () => {
      const up = await uploadFile(alice, name, 'Name;Age;City\nBob;33;Berlin\n');
      expect(up.putStatus).toBe(200);
      expect(up.ready.status).toBe(400);
      const message = up.ready.json.error.message as string;
      expect(message).toContain(`${name}: the file's header names none of the columns of an SM20, CDHDR, CDPOS or ticket export`);
      expect(message).toContain('found: "Name", "Age", "City"');
      expect(message).toMatch(/Expected e\.g\. SM20 .*Date, Time, User.*CDHDR .*OBJECTCLAS.*CDPOS .*TABNAME.*ticket export/);
      const files = (await alice.call('GET', '/files')).json.files as { fileId: string }[];
      expect(files.map((f) => f.fileId)).not.toContain(up.fileId);
      const analyse = await alice.call('POST', '/analyze', { fileIds: [up.fileId] });
      expect(analyse.status).toBeGreaterThanOrEqual(400);
    });
  }

  it('refuses a text without any delimiter (prose), naming its first line', async () => {
    const up = await uploadFile(alice, 'notes.txt', 'Meeting notes from Monday\nnothing to see here\n');
    expect(up.ready.status).toBe(400);
    expect(up.ready.json.error.message).toContain('found: "Meeting notes from Monday"');
  });

  it('accepts English and German headers of every known type, whatever the name, and names the type', async () => {
    const good: [string, string, string][] = [
      ['sm20.txt', 'Date\tTime\tUser\tTransaction Code\tEvent\tMessage Text\n03.03.2025\t09:00:00\tJSMITH\tSU01\tAU3\tTransaction SU01 started\n', 'SM20'],
      ['sm20_de.txt', 'Datum;Uhrzeit;Benutzer;Transaktionscode;Ereignis;Meldungstext\n03.03.2025;09:00:00;JSMITH;SU01;AU3;Transaktion SU01 gestartet\n', 'SM20'],
      ['cdhdr.txt', 'OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE\nIDENTITY,JSMITH,0001,ADMIN,20250303,090000,SU01\n', 'CDHDR'],
      ['cdpos.csv', 'OBJECTCLAS,OBJECTID,CHANGENR,TABNAME,TABKEY,FNAME,CHNGIND,VALUE_NEW,VALUE_OLD\nIDENTITY,JSMITH,0001,USR02,100JSMITH,UFLAG,U,0,64\n', 'CDPOS'],
      ['tickets.txt', 'Number,Title,Description,Request user,Request time,Close time,Status\nT1,Access,Grant SU01,JSMITH,2025-03-03 08:00,2025-03-03 18:00,Closed\n', 'TICKETS'],
    ];
    for (const [name, text, type] of good) {
      const up = await uploadFile(alice, name, text);
      expect(up.ready.status, `${name}: ${up.ready.text}`).toBe(200);
      expect(up.ready.json.file.sapType, name).toBe(type);
    }
  });
});

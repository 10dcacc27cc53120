import { afterEach, describe, expect, it, vi } from 'vitest';
import { putFile } from './upload-sequence.ts';

/** Records what the upload sends and answers with `status`. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 204;
  responseText = '';
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    queueMicrotask(() => this.onload?.());
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('putFile', () => {
  it('PUTs the raw bytes with their type to a plain presigned URL', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const file = new Blob(['a,b\n1,2\n']);
    const progress: number[] = [];
    await putFile('http://localhost:3000/blobs/x?sig=1', file, 'text/csv', (p) => progress.push(p));
    expect(FakeXhr.last).toMatchObject({ method: 'PUT', url: 'http://localhost:3000/blobs/x?sig=1', headers: { 'Content-Type': 'text/csv' }, body: file });
    expect(progress).toEqual([50, 100]);
  });

  it('POSTs a form with the policy fields first and the file last when the API returns fields', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const file = new Blob(['x']);
    await putFile('https://bucket.s3.eu-central-1.amazonaws.com/', file, 'text/csv', () => undefined, { key: 'users/u/uploads/f/a.csv', 'Content-Type': 'text/csv', Policy: 'cG9saWN5' });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.headers).toEqual({});
    const form = xhr.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'file']);
    expect(form.get('Policy')).toBe('cG9saWN5');
    expect(form.get('file')).toBeInstanceOf(Blob);
  });

  it('rejects with the store refusal when the upload is refused', async () => {
    class Refusing extends FakeXhr {
      override status = 400;
      override responseText = '<Error><Code>EntityTooLarge</Code></Error>';
    }
    vi.stubGlobal('XMLHttpRequest', Refusing);
    await expect(putFile('https://bucket/', new Blob(['x']), 'text/csv', () => undefined, { key: 'k' })).rejects.toMatchObject({ status: 400 });
  });
});

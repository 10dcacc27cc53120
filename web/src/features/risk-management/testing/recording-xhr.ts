/** The presigned upload an import dialog sends the file to (S3 or the local blob server in the app), recorded. */
export class RecordingXhr {
  static sent: { method: string; url: string; body: unknown }[] = [];
  status = 204;
  responseText = '';
  upload = {};
  onload?: () => void;
  private method = '';
  private url = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    RecordingXhr.sent.push({ method: this.method, url: this.url, body });
    queueMicrotask(() => this.onload?.());
  }
}

/** Answers POST /imports/upload with numbered targets and keys, as the server would. */
export function uploadTarget(n: number, fileName: string) {
  return { body: { uploadUrl: `http://blobs.test/up/${n}`, key: `admin/imports/k${n}/${fileName}`, contentType: 'text/csv' } };
}

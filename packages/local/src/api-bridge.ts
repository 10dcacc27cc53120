/**
 * Node's HTTP server in front of the shared router, standing in for API Gateway: strips the
 * `/prod` stage, reads the body with the same 6 MB ceiling and writes the router's answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Api } from '@app/functions/http/router.ts';
import { MAX_BODY_BYTES } from '@app/functions/http/router.ts';
import type { ApiRequest, ApiResponse } from '@app/functions/http/types.ts';

export const STAGE_PREFIX = '/prod';

class BodyTooLargeError extends Error {}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > MAX_BODY_BYTES) throw new BodyTooLargeError();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return size === 0 ? undefined : Buffer.concat(chunks).toString('utf8');
}

function toApiRequest(req: IncomingMessage, url: URL, body: string | undefined): ApiRequest {
  const headers: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = v;
  const path = url.pathname.slice(STAGE_PREFIX.length) || '/';
  return { method: req.method ?? 'GET', path, headers, query, body, sourceIp: req.socket.remoteAddress };
}

export function writeApiResponse(res: ServerResponse, out: ApiResponse, extraHeaders: Record<string, string> = {}): void {
  const text = out.rawBody ?? (out.body === undefined ? '' : JSON.stringify(out.body));
  res.writeHead(out.status, { ...extraHeaders, ...out.headers, 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

export async function handleApiRequest(api: Api, req: IncomingMessage, res: ServerResponse, extraHeaders: Record<string, string>): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://local');
  let body: string | undefined;
  try {
    body = await readBody(req);
  } catch (e) {
    if (!(e instanceof BodyTooLargeError)) throw e;
    const message = `Request body is too large (max ${MAX_BODY_BYTES / 1024 / 1024} MB)`;
    res.setHeader('connection', 'close');
    writeApiResponse(res, { status: 413, headers: { 'content-type': 'application/json; charset=utf-8' }, body: { error: { code: 'TOO_LARGE', message } } }, extraHeaders);
    return;
  }
  writeApiResponse(res, await api.handle(toApiRequest(req, url, body)), extraHeaders);
}

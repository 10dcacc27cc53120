/**
 * Test doubles at the process edge: a fake Amazon Bedrock (HTTP/2, Converse API, cleartext h2c
 * like the real client speaks over TLS) and a fake OpenAI-compatible server. The product's real
 * client code talks to them over loopback.
 */
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';

export interface FakeAnswer {
  status?: number;
  /** For Bedrock errors: x-amzn-errortype, e.g. ThrottlingException. */
  errorType?: string;
  text?: string;
  inputTokens?: number;
  outputTokens?: number;
}

export interface RecordedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Answers each record id found in the user message with "analysis of <first data value>". */
export function echoAnswer(userText: string): string {
  const block = userText.split('<records>\n')[1]?.split('\n</records>')[0] ?? '[]';
  const items = JSON.parse(block.replace(/\\u003c/g, '<')) as { id: number; data: Record<string, string> }[];
  return JSON.stringify(items.map((i) => ({ id: i.id, analysis: `Reviewed ${Object.values(i.data)[0] ?? 'record'}` })));
}

export async function startFakeBedrock(answer: (body: any, modelId: string) => FakeAnswer): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = http2.createServer();
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const path = String(headers[':path'] ?? '');
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
      requests.push({ path, headers: headers as any, body });
      const modelId = decodeURIComponent(/^\/model\/([^/]+)\/converse$/.exec(path)?.[1] ?? '');
      const a = answer(body, modelId);
      const status = a.status ?? 200;
      if (status !== 200) {
        stream.respond({ ':status': status, 'content-type': 'application/json', 'x-amzn-errortype': a.errorType ?? 'InternalServerException' });
        stream.end(JSON.stringify({ message: a.errorType ?? 'error' }));
        return;
      }
      stream.respond({ ':status': 200, 'content-type': 'application/json' });
      stream.end(
        JSON.stringify({
          output: { message: { role: 'assistant', content: [{ text: a.text ?? '' }] } },
          stopReason: 'end_turn',
          usage: { inputTokens: a.inputTokens ?? 100, outputTokens: a.outputTokens ?? 20, totalTokens: (a.inputTokens ?? 100) + (a.outputTokens ?? 20) },
          metrics: { latencyMs: 1 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export async function startFakeOpenAi(answer: (body: any) => FakeAnswer): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      const a = answer(body);
      const status = a.status ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      if (status !== 200) return res.end(JSON.stringify({ error: { message: 'rate limited' } }));
      res.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: a.text ?? '' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: a.inputTokens ?? 90, completion_tokens: a.outputTokens ?? 15 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

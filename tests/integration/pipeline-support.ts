/** Small helpers shared by the pipeline suites: start an analysis and poll it to its end. */
import type { TestClient } from '../support/stack.ts';
import { uploadFile } from '../support/stack.ts';
import type { FixtureFile } from './pipeline-fixtures.ts';

export async function uploadAll(client: TestClient, files: FixtureFile[]): Promise<string[]> {
  const ids: string[] = [];
  for (const f of files) {
    const up = await uploadFile(client, f.name, f.bytes);
    if (up.ready.status !== 200) throw new Error(`upload of ${f.name} failed: ${up.ready.status} ${up.ready.text}`);
    ids.push(up.fileId);
  }
  return ids;
}

export async function startAnalysis(client: TestClient, fileIds: string[]): Promise<string> {
  const res = await client.call('POST', '/analyze', {
    fileIds,
    analysisType: fileIds.length > 1 ? 'multi' : 'single',
    correlateFiles: fileIds.length > 1,
  });
  if (res.status !== 200) throw new Error(`POST /analyze failed: ${res.status} ${res.text}`);
  return res.json.analysisId as string;
}

/** Polls GET /results/{id} (the status poll) until the analysis leaves `processing`. */
export async function waitForAnalysis(client: TestClient, analysisId: string, timeoutMs = 60_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.call('GET', `/results/${analysisId}`);
    if (res.status !== 200) throw new Error(`GET /results/${analysisId}: ${res.status} ${res.text}`);
    if (res.json.status !== 'processing') return res.json;
    if (Date.now() > deadline) throw new Error(`analysis ${analysisId} still processing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Uploads `files`, analyses them together and waits: the id of the completed analysis (throws with the error otherwise). */
export async function analysedFiles(client: TestClient, files: FixtureFile[], timeoutMs = 60_000): Promise<string> {
  const analysisId = await startAnalysis(client, await uploadAll(client, files));
  const result = await waitForAnalysis(client, analysisId, timeoutMs);
  if (result.status !== 'completed') throw new Error(`analysis ${analysisId} ended ${result.status}: ${JSON.stringify(result.error)}`);
  return analysisId;
}

/**
 * Lambda entry for API Gateway HTTP API (payload v2). Translates the event to an ApiRequest,
 * lets the shared router answer, and translates back. Services are built on first use so a
 * cold start that fails on configuration reports it on the request instead of crashing init.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { loadConfig } from '../config/index.ts';
import { createIdentity } from '../adapters/identity/index.ts';
import { createSfnOrchestrator } from '../adapters/orchestrator/sfn.ts';
import { createApi, type Api } from '../http/router.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { buildServices } from '../services/build.ts';
import { EDGE_ORIGIN_HEADER, edgeOriginValue, fromEdge, viewerAddress } from './edge-origin.ts';

/** `edgeOrigin`: the header value CloudFront sends, when the stack requires requests to come through it (API_REQUIRE_EDGE). */
let api: { handle: Api['handle']; basePath: string; edgeOrigin?: string } | undefined;

function getApi() {
  if (!api) {
    const config = loadConfig();
    const router = createApi(buildServices(config, { identity: createIdentity(config), orchestrator: createSfnOrchestrator(config) }));
    api = { handle: router.handle, basePath: new URL(config.apiUrl).pathname, edgeOrigin: process.env.API_REQUIRE_EDGE ? edgeOriginValue(config.secret) : undefined };
  }
  return api;
}

function stripPrefix(path: string, prefix: string): string | undefined {
  const p = prefix.replace(/\/+$/, '');
  if (!p) return undefined;
  if (path === p) return '/';
  return path.startsWith(`${p}/`) ? path.slice(p.length) : undefined;
}

/**
 * `/prod/files` → `/files`. The routes live under the API's base path (the path of API_URL, e.g.
 * `/prod` on the `$default` stage); a named stage in the raw path is stripped the same way.
 */
export function stripBasePath(rawPath: string, basePath: string, stage?: string): string {
  const path = rawPath || '/';
  const named = stage && stage !== '$default' ? stripPrefix(path, `/${stage}`) : undefined;
  const afterStage = named ?? path;
  return stripPrefix(afterStage, basePath) ?? afterStage;
}

/** `viaEdge`: the request came through the API's CloudFront distribution, so its client is X-Forwarded-For's viewer. */
export function toApiRequest(event: APIGatewayProxyEventV2, basePath = '/prod', viaEdge = false): ApiRequest {
  const headers: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(event.headers ?? {})) headers[k.toLowerCase()] = v;
  // The edge's proof of origin is for this adapter only, never for routes or logs.
  delete headers[EDGE_ORIGIN_HEADER];
  const body = event.body === undefined ? undefined : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  return {
    method: event.requestContext.http.method,
    path: stripBasePath(event.rawPath, basePath, event.requestContext.stage),
    headers,
    query: { ...(event.queryStringParameters ?? {}) },
    body,
    sourceIp: viaEdge ? viewerAddress(headers['x-forwarded-for'], event.requestContext.http.sourceIp) : event.requestContext.http.sourceIp,
  };
}

export function toLambdaResult(res: ApiResponse): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: res.status,
    headers: res.headers,
    body: res.rawBody ?? (res.body === undefined ? '' : JSON.stringify(res.body)),
  };
}

export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const { handle, basePath, edgeOrigin } = getApi();
  if (edgeOrigin && !fromEdge(event.headers, edgeOrigin)) {
    // Sent to the execute-api address directly, around the edge's per-client limit.
    return toLambdaResult({ status: 403, body: { error: { code: 'FORBIDDEN', message: 'Call the API through its published address (config.json apiUrl).' } } });
  }
  return toLambdaResult(await handle(toApiRequest(event, basePath, edgeOrigin !== undefined)));
}

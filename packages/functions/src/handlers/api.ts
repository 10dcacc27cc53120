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

let api: Api | undefined;

function getApi(): Api {
  if (!api) {
    const config = loadConfig();
    api = createApi(buildServices(config, { identity: createIdentity(config), orchestrator: createSfnOrchestrator(config) }));
  }
  return api;
}

/** `/prod/files` → `/files` when the stage is part of the raw path (custom stages, `$default` with a prefix). */
export function stripStage(rawPath: string, stage: string | undefined): string {
  if (stage && stage !== '$default' && (rawPath === `/${stage}` || rawPath.startsWith(`/${stage}/`))) {
    return rawPath.slice(stage.length + 1) || '/';
  }
  return rawPath || '/';
}

export function toApiRequest(event: APIGatewayProxyEventV2): ApiRequest {
  const headers: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(event.headers ?? {})) headers[k.toLowerCase()] = v;
  const body = event.body === undefined ? undefined : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  return {
    method: event.requestContext.http.method,
    path: stripStage(event.rawPath, event.requestContext.stage),
    headers,
    query: { ...(event.queryStringParameters ?? {}) },
    body,
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
  return toLambdaResult(await getApi().handle(toApiRequest(event)));
}

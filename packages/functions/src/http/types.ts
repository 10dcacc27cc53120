/**
 * Transport-neutral HTTP shapes: the Lambda handler (API Gateway HTTP API v2) and the local
 * Node server both translate to and from these, so one router serves both.
 */
import type { ZodType } from 'zod';
import type { Caller } from '../ports/index.ts';
import type { Services } from '../services/types.ts';
import type { PathParam } from './path-ids.ts';

export interface ApiRequest {
  method: string;
  /** Path below the stage, e.g. "/files" (the local server strips "/prod"). */
  path: string;
  /** Header names lower-cased. */
  headers: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  /** Raw body text (JSON calls) or undefined. */
  body?: string;
  /** Client address as the transport saw it (API Gateway requestContext.http.sourceIp; the socket locally). */
  sourceIp?: string;
}

export interface ApiResponse {
  status: number;
  headers?: Record<string, string>;
  /** Serialised as JSON unless `rawBody` is set. */
  body?: unknown;
  rawBody?: string;
}

/** The verified caller (what the Identity port answers). */
export type { Caller };

export type Access = 'public' | 'user' | 'admin';

export interface RouteContext<B = unknown> {
  req: ApiRequest;
  /** Present unless the route is public. */
  caller: Caller;
  params: Record<string, string>;
  /** Parsed JSON body (undefined when empty). Validate with zod in the route. */
  body: B;
  services: Services;
}

export type RouteHandler = (ctx: RouteContext<any>) => Promise<ApiResponse>;

export interface RouteOptions {
  access: Access;
  /** Mutating calls require a valid X-CSRF-Token bound to the caller. Default: true for POST/PUT/DELETE/PATCH on non-public routes. */
  csrf?: boolean;
  /** The JSON body's schema, as the handler parses it: published in the OpenAPI description (http/openapi.ts). */
  body?: ZodType;
  /** One line for the OpenAPI description. */
  summary?: string;
  /** The shape of path parameters beyond the shared bounds every one is checked against (http/path-ids.ts). */
  params?: Record<string, PathParam>;
}

export interface RouteRegistrar {
  route(method: string, pattern: string, options: RouteOptions, handler: RouteHandler): void;
}

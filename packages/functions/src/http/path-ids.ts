/**
 * The one validator every path parameter passes before a handler runs (issue 26, item 2): an id
 * or key that reaches the table store or the blob store has a bounded length and no characters a
 * key cannot hold, so a long, odd or traversal-shaped id is a 400 (or the route's 404), never a
 * storage error. Routes whose ids have a known shape say so (`RouteOptions.params`); every
 * `/results/{id}/…` route takes an analysis id, and a `{findingId}` a finding id, without repeating it.
 */
import { z, type ZodType } from 'zod';
import { VisibleError } from './errors.ts';

/**
 * At most this many UTF-8 bytes in one path id: well inside DynamoDB's 1,024-byte sort key even
 * when a key joins two ids with a prefix (`REVIEW#<analysis>#<finding>`), and inside one file name.
 */
export const MAX_PATH_ID_BYTES = 200;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Why a raw path id is refused, or undefined when any route may take it. */
export function pathIdProblem(value: string): string | undefined {
  if (value.length === 0 || value.trim() === '') return 'must not be empty';
  if (Buffer.byteLength(value, 'utf8') > MAX_PATH_ID_BYTES) return `must be at most ${MAX_PATH_ID_BYTES} bytes`;
  if (CONTROL.test(value)) return 'must not contain control characters';
  if (value === '.' || value === '..' || value.includes('\\') || /(^|\/)\.\.?(\/|$)/.test(value)) return 'must not be a path';
  if (LONE_SURROGATE.test(value)) return 'must be valid text';
  return undefined;
}

export interface PathParam {
  /** How the message names it: "Invalid analysis ID in the path: …". */
  label: string;
  schema: ZodType<string>;
}

export const analysisIdParam: PathParam = { label: 'analysis ID', schema: z.string().uuid('must be an analysisId returned by POST /analyze') };
export const findingIdParam: PathParam = { label: 'finding ID', schema: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a findingId from GET /results/{id}/findings') };

/** Shapes implied by where a parameter sits, for routes that declare none. */
function impliedParam(pattern: string, name: string): PathParam | undefined {
  if (name === 'id' && pattern.startsWith('/results/{id}')) return analysisIdParam;
  if (name === 'findingId') return findingIdParam;
  return undefined;
}

/**
 * Checks every parameter of a matched route: the route's own shape (its message is the more
 * precise), then the shared bounds.
 * @example checkPathParams('/results/{id}', {}, { id: 'x'.repeat(1100) }) // throws 400
 */
export function checkPathParams(pattern: string, declared: Record<string, PathParam> | undefined, params: Record<string, string>): void {
  for (const [name, value] of Object.entries(params)) {
    const shape = declared?.[name] ?? impliedParam(pattern, name);
    const label = shape?.label ?? 'ID';
    if (shape) {
      const parsed = shape.schema.safeParse(value);
      if (!parsed.success) throw new VisibleError('BAD_REQUEST', `Invalid ${label} in the path: ${parsed.error.issues[0]?.message ?? 'malformed'}`);
    }
    const problem = pathIdProblem(value);
    if (problem) throw new VisibleError('BAD_REQUEST', `Invalid ${label} in the path: ${problem}`);
  }
}

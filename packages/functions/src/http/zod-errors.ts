/**
 * Turns a zod validation error into one sentence naming the field, e.g.
 * `fileName: Required` → "Invalid request: fileName is required". Detected structurally so
 * routes may use any zod instance.
 */
interface IssueLike {
  path: (string | number | symbol)[];
  message: string;
  code?: string;
  input?: unknown;
}

export function isZodError(e: unknown): e is { issues: IssueLike[] } {
  return (
    typeof e === 'object' &&
    e !== null &&
    (e as { name?: string }).name === 'ZodError' &&
    Array.isArray((e as { issues?: unknown }).issues)
  );
}

function describeIssue(issue: IssueLike): string {
  const field = issue.path.map(String).join('.') || 'body';
  const missing = issue.code === 'invalid_type' && (issue.input === undefined && ('input' in issue || /received undefined|Required/.test(issue.message)));
  if (missing) return `${field} is required`;
  return `${field}: ${issue.message}`;
}

export function describeZodError(e: { issues: IssueLike[] }): { message: string; fields: string[] } {
  const issues = e.issues.slice(0, 5);
  return {
    message: `Invalid request: ${issues.map(describeIssue).join('; ')}`,
    fields: issues.map((i) => i.path.map(String).join('.') || 'body'),
  };
}

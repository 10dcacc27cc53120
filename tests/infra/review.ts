/** Reading a synthesis the way an AWS reviewer does: IAM statements, environments, headers. */
import { named, ofType, type Synthesis } from './synth.ts';

export interface Statement {
  Effect: string;
  Action: string[];
  Resource: string[];
}

const asList = (v: string | string[]) => (Array.isArray(v) ? v : [v]);

/** Every Allow statement of a function's role (SST's inline policy plus attached RolePolicies). */
export function functionStatements(synthesis: Synthesis, functionName: string): Statement[] {
  const role = named(synthesis, 'aws:iam/role:Role', `${functionName}Role`);
  const documents: string[] = (role.inputs.inlinePolicies ?? []).map((p: { policy: string }) => p.policy);
  return statementsOf(documents);
}

export function statementsOf(documents: string[]): Statement[] {
  return documents.flatMap((doc) =>
    (JSON.parse(doc).Statement as { Effect: string; Action: string | string[]; Resource: string | string[] }[]).map((s) => ({
      Effect: s.Effect,
      Action: asList(s.Action),
      Resource: asList(s.Resource),
    })),
  );
}

/** The actions a role may take, sorted. */
export function actionsOf(statements: Statement[]): string[] {
  return [...new Set(statements.flatMap((s) => s.Action))].sort();
}

/** A wildcard an AWS reviewer rejects: `*` or `service:*` actions, or a `*` resource. */
export function wildcards(statements: Statement[], allowedStarResources: string[] = []): string[] {
  return statements.flatMap((s) => [
    ...s.Action.filter((a) => a === '*' || a.endsWith(':*')).map((a) => `action ${a}`),
    ...(s.Resource.includes('*') ? s.Action.filter((a) => !allowedStarResources.includes(a)).map((a) => `${a} on *`) : []),
  ]);
}

export function functionEnvironment(synthesis: Synthesis, functionName: string): Record<string, string> {
  return named(synthesis, 'aws:lambda/function:Function', `${functionName}Function`).inputs.environment.variables;
}

export function only<T>(items: T[]): T {
  if (items.length !== 1) throw new Error(`Expected exactly one, found ${items.length}`);
  return items[0]!;
}

export { named, ofType };

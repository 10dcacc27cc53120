/**
 * Runs checks on mutated copies of a synthesis: for each mutation, the check passes on an
 * untouched copy, then must fail on a copy with the mutation applied (an assertion of the check,
 * or its lookup of a resource the mutation removed; not a crash of the check itself). A check
 * with no mutation fails the suite, so a new check comes with its own.
 */
import { describe, expect, test } from 'vitest';
import type { Check } from './checks.ts';
import { named } from './review.ts';
import type { RecordedResource } from './synth-mocks.ts';
import type { Synthesis } from './synth.ts';

export interface Mutation<Name extends string> {
  check: Name;
  /** The setting removed or weakened, as a reviewer would say it. */
  what: string;
  /** Changes the copy in place. */
  mutate: (s: Synthesis) => void;
}

export function describeMutations<Name extends string>(checks: Record<Name, Check>, mutations: Mutation<Name>[], base: () => Synthesis) {
  describe.each(mutations)('$check', ({ check, what, mutate }) => {
    test(`reports ${what}`, () => {
      const run = checks[check];
      run(structuredClone(base()));
      const mutated = structuredClone(base());
      mutate(mutated);
      let failure: unknown;
      try {
        run(mutated);
      } catch (error) {
        failure = error;
      }
      // MUTATION_LOG=1 prints what each check said, to read that it failed for the right reason.
      if (process.env.MUTATION_LOG) console.log(`${check} / ${what}: ${String((failure as Error | undefined)?.message).split('\n')[0]}`);
      expect(failure, `${check} did not notice: ${what}`).toBeInstanceOf(Error);
      const { name, message } = failure as Error;
      expect(name === 'AssertionError' || message.startsWith('Expected one '), `${check} crashed instead of reporting: ${message}`).toBe(true);
    });
  });

  test('every check has at least one mutation it reports', () => {
    const covered = new Set<string>(mutations.map((m) => m.check));
    expect(Object.keys(checks).filter((name) => !covered.has(name))).toEqual([]);
  });
}

// Helpers that change one resource of the copy in place.
export const res = (s: Synthesis, type: string, prefix: string): RecordedResource => named(s, type, prefix);
export const fnInputs = (s: Synthesis, name: string) => res(s, 'aws:lambda/function:Function', `${name}Function`).inputs;
export const env = (s: Synthesis, name: string) => fnInputs(s, name).environment.variables as Record<string, string>;
export const remove = (s: Synthesis, type: string, prefix: string) => {
  const target = res(s, type, prefix);
  s.resources = s.resources.filter((r) => r !== target);
};
/** Adds an inline policy with one statement to a role (as a careless `permissions` entry would). */
export function grant(s: Synthesis, role: string, statement: Record<string, unknown>) {
  const r = res(s, 'aws:iam/role:Role', role);
  r.inputs.inlinePolicies = [...(r.inputs.inlinePolicies ?? []), { name: 'mutation', policy: JSON.stringify({ Version: '2012-10-17', Statement: [{ Effect: 'Allow', ...statement }] }) }];
}

/** Rewrites the statements of a role's inline policies. */
export function editStatements(s: Synthesis, role: string, edit: (st: Record<string, any>) => void) {
  const r = res(s, 'aws:iam/role:Role', role);
  for (const p of r.inputs.inlinePolicies) {
    const doc = JSON.parse(p.policy);
    for (const st of Array.isArray(doc.Statement) ? doc.Statement : [doc.Statement]) edit(st);
    p.policy = JSON.stringify(doc);
  }
}


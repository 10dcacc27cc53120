/**
 * SELF_AUTHORIZATION: the acting user changed their own authorisations: user administration on
 * their own user (AU7 AUB AUD), a change-document item whose target is the acting user (kind S,
 * IDENTITY or PFCG AGR_USERS), and a user or role header on its own user when no items are known
 * for it (a joined file's headers always have theirs) and not by SU3 (own defaults).
 */
import { definePattern } from './define-pattern.ts';
import { defineFact } from './define-fact.ts';
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { docKey } from '../../facts/file-facts.ts';
import type { StrColumn } from '../../facts/index.ts';
import { authorisationTarget, selfAuthorised } from '../record/change-document-keys.ts';
import { type ItemRuleEnv, K, pattern } from './pattern-env.ts';
import type { ItemPatternRule } from './pattern-env.ts';

const USER_OBJECT_CLASSES = new Set(['IDENTITY', 'PFCG', 'BENUTZER']);

/**
 * A change-document item that changes a user's authorisations, kept as "identity" or "role", \u0001
 * and the target: the IDENTITY (BENUTZER) object id, or the AGR_USERS key of PFCG
 * (change-document-keys.ts `authorisationTarget`).
 */
export const AUTHORISATION_CHANGE = defineFact({
  kind: 'authorisation_change',
  about: "a change-document item that changes a user's authorisations (IDENTITY, BENUTZER, PFCG AGR_USERS)",
  changes: [{ classes: [...USER_OBJECT_CLASSES] }],
  judge: {
    item(rec: CanonicalRecord) {
      const target = authorisationTarget(rec.objectclas, rec.objectid, rec.tabname, rec.fname, rec.tabkey);
      return target === undefined ? undefined : `${rec.objectclas.toUpperCase() === 'PFCG' ? 'role' : 'identity'}\u0001${target}`;
    },
  },
  records: { CDPOS: { target: 'marked', activity: 'recordText', key: 'docKey' } },
});

/** A per-row test on a string column, evaluated once per distinct value of a dictionary column. */
function testOf(col: StrColumn, test: (v: string) => boolean): (i: number) => boolean {
  // A dictionary column (facts/columns.ts DictColumn): the test once per distinct value.
  const dict = col as Partial<{ dict: readonly string[]; ids: ArrayLike<number> }>;
  if (dict.dict !== undefined && dict.ids !== undefined) {
    const yes = Uint8Array.from(dict.dict, (v) => (test(v) ? 1 : 0));
    const ids = dict.ids;
    return (i) => yes[ids[i]!] === 1;
  }
  return (i) => test(col.get(i));
}

function fromUserAdmin(env: ItemRuleEnv): void {
  const userAdmin = env.facts.flatMap((f) => f.userAdmin);
  const source = env.hits.source((i) => [userAdmin[i]![0], userAdmin[i]![3]]);
  userAdmin.forEach(([user, target, t], i) => {
    if (target !== '' && target.toUpperCase() === user.toUpperCase()) env.hits.add('SELF_AUTHORIZATION', 'critical', t, source, i);
  });
}

/** Once per document whose target is its acting user. */
function fromItems(env: ItemRuleEnv): void {
  const found = [];
  const seen = new Set<string>();
  for (const e of env.securityEvents) {
    if (e[K.kind] !== AUTHORISATION_CHANGE.kind || seen.has(e[K.key])) continue;
    let user = e[K.user];
    let t = e[K.epoch];
    if (user === '' || Number.isNaN(t)) {
      const h = env.headerOf(e[K.key]);
      if (!h) continue;
      user ||= h.user;
      if (Number.isNaN(t)) t = h.epoch;
    }
    const [kind, target = ''] = e[K.target].split('\u0001') as ['identity' | 'role', string];
    if (!selfAuthorised(kind, target, user)) continue;
    seen.add(e[K.key]);
    found.push(pattern('SELF_AUTHORIZATION', 'critical', user, t, `${e[K.activity]} on own user ${user}`));
  }
  env.hits.addPatterns(found);
}

/** Headers of non-joined files on their own user, without items and not by SU3. */
function fromHeaders(env: ItemRuleEnv): void {
  const { facts, users, noUser } = env;
  const selfHeaders: { fi: number; i: number; key: string }[] = [];
  facts.forEach((f, fi) => {
    if (f.joined) return;
    const d = f.docs;
    const e = env.docEpochs[fi]!;
    const uid = env.docUsers[fi]!;
    const userClass = testOf(d.classes, (c) => USER_OBJECT_CLASSES.has(c.toUpperCase()));
    for (let i = 0; i < e.length; i++) {
      if (Number.isNaN(e[i]!) || !userClass(i) || d.tcodes.get(i).toUpperCase() === 'SU3') continue;
      const u = uid(i);
      if (u !== noUser && d.ids.get(i).trim().toUpperCase() === users.names[u]) selfHeaders.push({ fi, i, key: docKey(d.classes.get(i), d.ids.get(i), d.changenrs.get(i)) });
    }
  });
  if (selfHeaders.length === 0) return;
  const looseItems = facts.filter((f) => f.fileType === 'CDPOS' && !f.joined);
  const withItems = new Set<string>();
  const wanted = new Set(selfHeaders.map((s) => s.key));
  for (const f of looseItems) for (let i = 0; i < f.itemKeys.keys.length; i++) if (wanted.has(f.itemKeys.keys.get(i))) withItems.add(f.itemKeys.keys.get(i));
  for (const { fi, i, key } of selfHeaders) {
    if (withItems.has(key)) continue;
    const d = facts[fi]!.docs;
    const tcode = d.tcodes.get(i);
    env.hits.addPatterns([pattern('SELF_AUTHORIZATION', 'critical', d.users.get(i), env.docEpochs[fi]![i]!, `Change document ${d.classes.get(i)} ${d.changenrs.get(i)} on own user ${d.ids.get(i)}${tcode ? ` (${tcode})` : ''}`)]);
  }
}

function find(env: ItemRuleEnv): void {
  fromUserAdmin(env);
  fromItems(env);
  fromHeaders(env);
}

export const SELF_AUTHORIZATION: ItemPatternRule<'SELF_AUTHORIZATION', readonly [typeof AUTHORISATION_CHANGE]> = definePattern(
  { name: 'SELF_AUTHORIZATION', severity: 'critical', title: 'User changed their own authorisations', summary: 'The acting user created, changed or assigned roles or profiles to themselves.', reads: 'AU7 AUB AUD (first variable), IDENTITY change documents on authorisation tables (OBJECTID), PFCG AGR_USERS (user in TABKEY)', nextSteps: 'Remove the self-granted access and find how the user could administer themselves (segregation of duties).' },
  { facts: ['itemKeys'], find, collects: [AUTHORISATION_CHANGE] },
);

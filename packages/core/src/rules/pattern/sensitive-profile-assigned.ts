/** SENSITIVE_PROFILE_ASSIGNED: a profile of the sensitive-profiles watchlist assigned (UST04, SUSR_UST04), once per document and assignment. */
import { definePattern } from './define-pattern.ts';
import { defineFact } from './define-fact.ts';
import { findAssignments } from './assignment-pattern.ts';
import { namedProfile, PROFILE_CLASSES, profileOwner, USER_PROFILE_TABLES } from '../record/change-document-keys.ts';
import type { PatternEnv } from './pattern-env.ts';

/** A sensitive profile inserted for a user (IDENTITY or SUSR_PROF items on UST04, SUSR_UST04), kept as "PROFILE to USER". */
export const PROFILE_ASSIGNED = defineFact({
  kind: 'profile_assigned',
  about: 'a profile of the sensitive-profiles watchlist assigned to a user (UST04, SUSR_UST04 inserts)',
  changes: [{ tables: [...USER_PROFILE_TABLES], classes: [...PROFILE_CLASSES] }],
  judge: {
    list: 'sensitiveProfiles',
    item(rec, profiles) {
      if (rec.chngind.toUpperCase() !== 'I') return undefined;
      const profile = namedProfile(rec.tabkey, rec.valueNew, profiles);
      return profile === undefined ? undefined : `${profile} to ${profileOwner(rec.objectclas.toUpperCase(), rec.objectid, rec.tabkey) || 'unknown user'}`;
    },
  },
  records: { CDPOS: { target: 'marked', key: 'docKey' } },
});

function find(env: PatternEnv): void {
  findAssignments(env, PROFILE_ASSIGNED.kind, 'SENSITIVE_PROFILE_ASSIGNED', 'Sensitive profile');
}

export const SENSITIVE_PROFILE_ASSIGNED = definePattern(
  { name: 'SENSITIVE_PROFILE_ASSIGNED', severity: 'critical', title: 'Sensitive profile assigned', summary: 'A sensitive profile such as SAP_ALL was assigned to a user.', reads: 'an insert on UST04 or SUSR_UST04 with a profile of the sensitive-profiles watchlist', nextSteps: 'Check the approval; SAP_ALL and similar profiles should only be given through an emergency process.', sentinel: 'SAP - Assignment of a sensitive profile' },
  { find, collects: [PROFILE_ASSIGNED] },
);

import { describe, expect, it } from 'vitest';
import { membersText, progressText, reasonsBesideEscalations } from './case-labels.ts';

describe("a case's members in words", () => {
  it('adds up: patterns and records, or the rule hits on records where a record breaks several rules', () => {
    expect(membersText({ members: 4, patterns: 1, records: 3, context: 2 })).toBe('4 findings (1 pattern, 3 records) · 2 medium flags as context');
    expect(membersText({ members: 8, patterns: 2, records: 3, context: 0 })).toBe('8 findings (2 patterns; 6 rule hits on 3 records)');
    expect(membersText({ members: 2, patterns: 0, records: 1, context: 0 })).toBe('2 findings (2 rule hits on 1 record)');
    expect(membersText({ members: 1, patterns: 1, records: 0, context: 0 })).toBe('1 finding (1 pattern)');
    expect(membersText({ members: 20_600, patterns: 0, records: 10_300, context: 0 })).toBe('20,600 findings (20,600 rule hits on 10,300 records)');
  });
});

describe("a case's review progress in words", () => {
  it('names the decision taken, or counts each when they differ', () => {
    expect(progressText({ members: 8, reviewed: 8, open: 0, suppressed: 0, decisions: { escalated: 8 } })).toBe('8 of 8 reviewed: Escalated');
    expect(progressText({ members: 8, reviewed: 8, open: 0, suppressed: 0, decisions: { escalated: 3, explained: 5 } })).toBe('8 of 8 reviewed: 5 Explained, 3 Escalated');
    expect(progressText({ members: 8, reviewed: 2, open: 5, suppressed: 1, decisions: { false_positive: 2 } })).toBe('2 of 8 reviewed: 2 False positive · 1 suppressed');
    // Several decisions in the one order (the triage dialog's: Open, Explained, False positive, Escalated), whatever order the server sent.
    expect(progressText({ members: 6, reviewed: 4, open: 2, suppressed: 0, decisions: { escalated: 3, false_positive: 1 } })).toBe('4 of 6 reviewed: 1 False positive, 3 Escalated');
    expect(progressText({ members: 8, reviewed: 0, open: 8, suppressed: 0 })).toBe('0 of 8 reviewed');
  });
});

describe("a case's reasons beside its escalations", () => {
  it('leaves out the reasons that repeat an escalation the screen shows above them, and only those', () => {
    const text = 'BASIS2 opened the system for changes at 2026-11-16 09:00:00; then BASIS2 changed data (CHANGE_WITHOUT_TICKET at 2026-11-16 10:40:00), within 8 hours';
    const reasons = [
      'System or client opened for changes (PAT-SYSTEM-OPENED-FOR-CHANGES, critical pattern): once, first at 2026-11-16 09:00:00',
      `Escalation (covered tracks): ${text}`,
      'Escalation (bank change then payment): another case’s text',
    ];
    expect(reasonsBesideEscalations({ reasons, escalations: [{ kind: 'covered_tracks', text }] })).toEqual([reasons[0], reasons[2]]);
    expect(reasonsBesideEscalations({ reasons, escalations: [] })).toEqual(reasons);
  });
});

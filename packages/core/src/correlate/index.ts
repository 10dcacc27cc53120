export * from '../facts/file-facts.ts';
export { correlateCompactFacts, correlateFacts, MAX_PATTERNS_PER_KIND, type CorrelationResult } from './correlate-facts.ts';
export { toCompactFacts, type CompactFacts, type CompactDocs } from '../facts/compact-facts.ts';
export * from '../facts/columns.ts';
export { HeaderIndex, type HeaderSource } from './header-index.ts';
export { createTicketCoverage, TicketCoverage } from './ticket-coverage.ts';
export { moduleOfTcode, MODULES, type Module } from './tcode-module.ts';
export { UserTimeline } from './find-patterns.ts';

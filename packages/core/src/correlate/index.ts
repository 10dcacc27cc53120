/** Correlation: joins across the files' facts (read from the fact store, ../facts) and the machinery the pattern rules (../rules/pattern) run on. */
export { correlateCompactFacts, correlateFacts, correlationSteps, ITEMS_APART, LATE_KEYS, type CorrelationResult, type LateKey } from './correlate-facts.ts';
export { correlateItems, MAX_PATTERNS_PER_KIND, type ItemCorrelation, type ItemHeaders } from './item-joins.ts';
export { HeaderIndex, type HeaderSource } from './header-index.ts';
export { createTicketCoverage, TicketCoverage } from './ticket-coverage.ts';
export { moduleOfTcode, MODULES, type Module } from './tcode-module.ts';
export { UserTimeline } from './user-ids.ts';

/** Correlation: joins and patterns across the files' facts (read from the fact store, ../facts). */
export { correlateCompactFacts, correlateFacts, correlationSteps, LATE_KEYS, MAX_PATTERNS_PER_KIND, type CorrelationResult, type LateKey } from './correlate-facts.ts';
export { HeaderIndex, type HeaderSource } from './header-index.ts';
export { docCompletionKey, sm20CompletionKey } from './security-patterns.ts';
export { createTicketCoverage, TicketCoverage } from './ticket-coverage.ts';
export { moduleOfTcode, MODULES, type Module } from './tcode-module.ts';
export { UserTimeline } from './find-patterns.ts';

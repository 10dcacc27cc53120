export * from './facts.ts';
export { correlateFacts, MAX_PATTERNS_PER_KIND, type CorrelationResult } from './correlate-facts.ts';
export { HeaderIndex } from './header-index.ts';
export { createTicketCoverage } from './ticket-coverage.ts';
export { moduleOfTcode, MODULES, type Module } from './tcode-module.ts';
export { UserTimeline } from './find-patterns.ts';

/** Below Mantine's `xs` breakpoint (576 px): lists become cards, so nothing needs sideways scrolling at 390 px. */
export const PHONE_QUERY = '(max-width: 36em)';

/**
 * Bits of FlagResult.marks: what step 1's facts need to know of a record beyond its flags. Bit 0 is
 * the collector's own (the after-hours facts); the bits from FIRST_FACT_BIT on belong to the facts
 * the pattern modules declare (rules/pattern/define-fact.ts gives them out in declaration order).
 * No imports: the pattern modules read these while the model is still being loaded.
 */
/** An SM20 DU9/CUZ change of a high-risk table, or a debugger change (CUL) naming one (AFTER_HOURS_SENSITIVE_CHANGE). */
export const MARK_SENSITIVE_TABLE_CHANGE = 1;
export const FIRST_FACT_BIT = 1;
/** The last bit a declared fact may take: step 1 keeps the marks of an SM20 event's declared facts in bits 4–31 of one number. */
export const LAST_FACT_BIT = 27;
/** Marks of every bit a declared fact may take. */
export const FACT_MARKS = ((1 << (LAST_FACT_BIT + 1)) - 1) & ~((1 << FIRST_FACT_BIT) - 1);

/** The mark of a declared fact. */
export interface FactMark {
  readonly bit: number;
  readonly mark: number;
}

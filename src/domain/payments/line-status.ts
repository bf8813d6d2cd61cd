/**
 * A batch line's status (docs/payments.md "Batches"), apart from the planning in batch-plan.ts: the
 * contract the web loads names it, and the planning's imports (the statement's arithmetic) stay out
 * of the web's chunks.
 */
export const LINE_STATUSES = ['pending', 'held', 'prenote', 'paid', 'returned'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];

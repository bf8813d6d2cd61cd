import { z } from 'zod';
import { contracts, ZDollars } from '../contract';

const ZSeverity = z.enum(['error', 'warning']);

export const ZLedgerCheckResponseSchema = z.object({
  /** True when no error-level invariant fails (warnings do not fail the check). */
  holds: z.boolean(),
  checks: z.array(z.object({ id: z.string(), title: z.string(), severity: ZSeverity, findings: z.number().int() })),
  /** At most the first 100 findings; `violation_count` has them all. */
  violations: z.array(
    z.object({
      check: z.string(),
      severity: ZSeverity,
      message: z.string(),
      records: z.array(z.object({ type: z.string(), id: z.number().int().nullable(), label: z.string().optional() })),
    }),
  ),
  violation_count: z.number().int(),
  totals: z.object({ money: ZDollars, openings: ZDollars, donations: ZDollars, paid_out: ZDollars }),
});
export type TLedgerCheckResponse = z.infer<typeof ZLedgerCheckResponseSchema>;

export const ledgerContract = contracts('Ledger', {
  ledgerCheck: {
    method: 'GET',
    path: '/ledger-check',
    summary:
      'Runs the ledger check on the live database (admin): every balance equals its journal, every advance and report line is paid at most once, no money appears or disappears (docs/distribution.md "Ledger invariants").',
    request: {},
    responses: { 200: ZLedgerCheckResponseSchema },
  },
});

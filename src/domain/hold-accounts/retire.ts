import { type Cents, formatUSD } from '../money';

/**
 * Decision 15 (docs/decisions.md): no money ever disappears with a record. A hold account is archived only
 * when it holds nothing and is owed nothing and nothing waiting for a distribution uses it; it is
 * deleted only when, on top of that, nothing was ever recorded on it (else: archive instead).
 */

export interface RetireFacts {
  balance: Cents;
  unreimbursedAmount: Cents;
  /** Pending distribution rows, designated donations not yet deposited, unprocessed charged expenses. */
  waitingUses: number;
  /** Transactions, donations, expenses, advances or journal rows ever recorded on it. */
  recordedUses: number;
}

export const RETIRE_MESSAGES = {
  inUse:
    'This hold account has donations, expenses, advance requests or transactions on record and cannot be deleted. Archive it instead.',
  waiting:
    'A distribution still to be approved, a designated donation not yet deposited or an unprocessed expense uses this hold account. Finish those first.',
} as const;

function moneyProblem(facts: RetireFacts, what: 'archived' | 'deleted'): string | null {
  if (facts.balance === 0 && facts.unreimbursedAmount === 0) return null;
  return `This hold account holds ${formatUSD(facts.balance)} and is owed ${formatUSD(facts.unreimbursedAmount)}. Only an empty account can be ${what}: move the money out first.`;
}

export function archiveProblem(facts: RetireFacts): string | null {
  return moneyProblem(facts, 'archived') ?? (facts.waitingUses > 0 ? RETIRE_MESSAGES.waiting : null);
}

export function deleteProblem(facts: RetireFacts): string | null {
  if (facts.recordedUses > 0) return RETIRE_MESSAGES.inUse;
  return moneyProblem(facts, 'deleted') ?? (facts.waitingUses > 0 ? RETIRE_MESSAGES.waiting : null);
}

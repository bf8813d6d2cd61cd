import type { Cents } from '../../domain/money';
import type { DbOrTx } from '../db/client';
import { auditEvents, journalEntries } from '../db/schema';

export type JournalAccount = 'user_fund' | 'user_unreimbursed' | 'hold_account' | 'hold_account_unreimbursed';

export { CASH_RETURNED_REASON } from '../../domain/reports/cash-returned';

export interface JournalEntry {
  account: JournalAccount;
  accountId: number;
  amount: Cents;
  balanceAfter: Cents;
  reason: string;
  refType?: string;
  refId?: number;
  memo?: string;
  actorId: number | null;
  /** A reversing row names the row it undoes (docs/distribution.md "Reversing an approval"). */
  reversesJournalId?: number;
  /** When it is dated (default: the database's now). */
  createdAt?: Date;
}

/** Call inside the transaction that changes the balance, never after it. */
export async function postJournal(tx: DbOrTx, entries: JournalEntry | JournalEntry[]): Promise<void> {
  const rows = (Array.isArray(entries) ? entries : [entries]).filter((entry) => entry.amount !== 0);
  if (rows.length === 0) return;
  await tx.insert(journalEntries).values(rows);
}

export async function recordAudit(
  tx: DbOrTx,
  event: { actorId: number | null; action: string; entityType: string; entityId?: number; details?: unknown },
): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: event.actorId,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId,
    details: event.details ?? null,
  });
}

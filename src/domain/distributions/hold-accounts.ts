import { type Cents, clamp } from '../money';
import type { PlannedTransaction } from './plan';
import { UNREIMBURSED_REIMBURSEMENT } from './recurring';
import type { HoldAccountFigures, HoldAccountInput, TransactionResult, TransactionSource } from './types';
import type { Warnings } from './warnings';

interface AccountState {
  account: HoldAccountInput;
  /** The working balance: starting balance moved by every grant so far. */
  balance: Cents;
  unreimbursed: Cents;
  donations: Cents;
  deposits: Cents;
  transfers: Cents;
  withdrawals: Cents;
  reimbursed: Cents;
  added: Cents;
}

/**
 * The hold accounts of one distribution, each on its own working balance (waterfall step 5, docs/distribution.md).
 * Every grant goes through here, is clamped to what the account (or, for deposits, the general
 * fund) can give, and is recorded as a transaction with running balances — what approval posts.
 */
export class HoldAccountLedger {
  private readonly states = new Map<number, AccountState>();
  readonly transactions: TransactionResult[] = [];

  constructor(
    accounts: readonly HoldAccountInput[],
    private readonly warnings: Warnings,
  ) {
    for (const account of [...accounts].sort((a, b) => a.id - b.id)) {
      this.states.set(account.id, {
        account,
        balance: account.balance,
        unreimbursed: account.unreimbursedAmount,
        donations: 0,
        deposits: 0,
        transfers: 0,
        withdrawals: 0,
        reimbursed: 0,
        added: 0,
      });
    }
  }

  /**
   * Step 5(a): a transfer into the general fund, granted against the account's working balance;
   * what the balance cannot give adds to the account's unreimbursed amount (docs/product.md §5).
   */
  transfer(planned: PlannedTransaction): Cents {
    const state = this.state(planned.accountId);
    const granted = clamp(planned.target, state.balance);
    this.limitedWarning('transfer_limited', planned, granted, "the account's balance");
    state.transfers += granted;
    this.record(state, planned, granted, planned.target - granted, -granted);
    return granted;
  }

  /**
   * Step 5(b): a deposit out of the general fund, granted only as far as `available` (what is still
   * distributable) allows; 0 when nothing is. A deposit's shortfall is owed by nobody: it is not
   * added to any unreimbursed amount.
   */
  deposit(planned: PlannedTransaction, available: Cents): Cents {
    const state = this.state(planned.accountId);
    const granted = clamp(planned.target, available);
    this.limitedWarning('deposit_limited', planned, granted, 'the distributable funds');
    state.deposits += granted;
    if (planned.source === 'donation') state.donations += granted;
    this.record(state, planned, granted, 0, granted);
    return granted;
  }

  /**
   * Step 5(c), first: each account pays back its starting unreimbursed amount as far as its
   * working balance allows ("Unreimbursed Reimbursement"). The unpaid rest simply stays owed.
   */
  payStartingUnreimbursed(): void {
    for (const state of this.states.values()) {
      const owed = state.account.unreimbursedAmount;
      if (owed === 0) continue;
      const granted = clamp(owed, state.balance);
      if (granted < owed) {
        this.warnings.limited(
          'unreimbursed_reimbursement_limited',
          `${UNREIMBURSED_REIMBURSEMENT} from ${state.account.fundName}`,
          owed,
          granted,
          "the account's balance",
          { holdAccountId: state.account.id },
        );
      }
      state.reimbursed += granted;
      this.push(state, 'Withdrawal', 'unreimbursed_reimbursement', UNREIMBURSED_REIMBURSEMENT, owed, granted, {
        unreimbursedChange: -granted,
        balanceChange: -granted,
      });
    }
  }

  /**
   * Step 5(c), then: a withdrawal (an expense charged to the account, a recurring or a manual one),
   * granted as far as the working balance allows; the rest adds to the account's unreimbursed amount.
   */
  withdraw(planned: PlannedTransaction): Cents {
    const state = this.state(planned.accountId);
    const granted = clamp(planned.target, state.balance);
    this.limitedWarning('withdrawal_limited', planned, granted, "the account's balance");
    state.withdrawals += granted;
    this.record(state, planned, granted, planned.target - granted, -granted);
    return granted;
  }

  /** The Hold Accounts tab, per fund, by account id. */
  figures(): HoldAccountFigures[] {
    return [...this.states.values()].map((state) => ({
      id: state.account.id,
      fundName: state.account.fundName,
      startingBalance: state.account.balance,
      donationsAmount: state.donations,
      totalDepositAmount: state.deposits,
      totalTransferAmount: state.transfers,
      totalWithdrawalAmount: state.withdrawals + state.reimbursed,
      endingBalance: state.balance,
      startingUnreimbursedAmount: state.account.unreimbursedAmount,
      reimbursedAmount: state.reimbursed,
      addedUnreimbursedAmount: state.added,
      endingUnreimbursedAmount: state.unreimbursed,
    }));
  }

  private state(accountId: number): AccountState {
    const state = this.states.get(accountId);
    // validateInput has checked every account id; reaching this is a programming error.
    if (!state) throw new Error(`hold account ${accountId} was not validated`);
    return state;
  }

  private limitedWarning(
    code: 'transfer_limited' | 'deposit_limited' | 'withdrawal_limited',
    planned: PlannedTransaction,
    granted: Cents,
    why: string,
  ): void {
    if (granted >= planned.target) return;
    const state = this.state(planned.accountId);
    this.warnings.limited(code, `${planned.description} (${state.account.fundName})`, planned.target, granted, why, {
      holdAccountId: planned.accountId,
      ...(planned.expenseReportId !== null ? { expenseReportId: planned.expenseReportId } : {}),
      ...(planned.donationId !== null ? { donationId: planned.donationId } : {}),
    });
  }

  private record(
    state: AccountState,
    planned: PlannedTransaction,
    granted: Cents,
    addedUnreimbursed: Cents,
    balanceChange: Cents,
  ): void {
    state.added += addedUnreimbursed;
    this.push(state, planned.type, planned.source, planned.description, planned.requested, granted, {
      addedUnreimbursed,
      unreimbursedChange: addedUnreimbursed,
      balanceChange,
      recurring: planned.recurring,
      expenseId: planned.expenseId,
      expenseReportId: planned.expenseReportId,
      donationId: planned.donationId,
    });
  }

  private push(
    state: AccountState,
    type: TransactionResult['transaction_type'],
    source: TransactionSource,
    description: string,
    requested: Cents,
    granted: Cents,
    change: {
      balanceChange: Cents;
      unreimbursedChange: Cents;
      addedUnreimbursed?: Cents;
      recurring?: boolean;
      expenseId?: number | null;
      expenseReportId?: number | null;
      donationId?: number | null;
    },
  ): void {
    const startingBalance = state.balance;
    const startingUnreimbursed = state.unreimbursed;
    state.balance += change.balanceChange;
    state.unreimbursed += change.unreimbursedChange;
    this.transactions.push({
      hold_account_id: state.account.id,
      fund_name: state.account.fundName,
      transaction_type: type,
      source,
      description,
      transaction_amount: requested,
      amount_approved: granted,
      added_unreimbursed_amount: change.addedUnreimbursed ?? 0,
      recurring: change.recurring ?? false,
      approved: true,
      fromGeneralFund: type === 'Deposit',
      expense_id: change.expenseId ?? null,
      expense_report_id: change.expenseReportId ?? null,
      donation_id: change.donationId ?? null,
      starting_balance: startingBalance,
      ending_balance: state.balance,
      starting_unreimbursed_amount: startingUnreimbursed,
      ending_unreimbursed_amount: state.unreimbursed,
    });
  }
}

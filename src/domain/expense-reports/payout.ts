import { type Cents, formatUSD, sum } from '../money';

/**
 * DESIGN.md decision 14: a payout entered when processing a reimbursement report is paid now. It
 * pays the report's general-fund lines first (debited from the missionary's fund at once) and then
 * its hold-account lines (withdrawn from their hold accounts), in line order. What it does not pay
 * stays owed where it is charged: general lines on the user's unreimbursed amount, hold-account
 * lines on their hold account's unreimbursed amount, which the next distribution pays back from
 * that account (waterfall step 5c).
 */

export interface PayoutLine {
  /** Expense id (hold-account lines are always expenses); mileage trips are general lines. */
  id: number;
  amount: Cents;
  holdAccountId: number | null;
}

export interface HoldAccountPayout {
  holdAccountId: number;
  /** Withdrawn from the account now. */
  paid: Cents;
  /** Added to the account's unreimbursed amount. */
  owed: Cents;
  /** Per expense line, what the payout paid of it (only lines paid something). */
  lines: Array<{ expenseId: number; paid: Cents }>;
}

export interface PayoutPlan {
  payout: Cents;
  /** Debited from the missionary's fund now. */
  generalPaid: Cents;
  /** Added to the user's unreimbursed amount (and kept on the report). */
  generalOwed: Cents;
  /** One entry per hold account the report charges, by account id. */
  holdAccounts: HoldAccountPayout[];
}

/**
 * Splits a payout over the report's lines. The caller has checked 0 ≤ payout ≤ Σ lines
 * (resolvePayout). Hold-account lines are taken by account id, then line id, so the split never
 * depends on the order rows come back in.
 */
export function planPayout(lines: readonly PayoutLine[], payout: Cents): PayoutPlan {
  const general = sum(lines.filter((line) => line.holdAccountId === null).map((line) => line.amount));
  const generalPaid = Math.min(payout, general);
  let left = payout - generalPaid;
  const held = lines
    .filter((line): line is PayoutLine & { holdAccountId: number } => line.holdAccountId !== null)
    .sort((a, b) => a.holdAccountId - b.holdAccountId || a.id - b.id);
  const byAccount = new Map<number, HoldAccountPayout>();
  for (const line of held) {
    const entry: HoldAccountPayout = byAccount.get(line.holdAccountId) ?? {
      holdAccountId: line.holdAccountId,
      paid: 0,
      owed: 0,
      lines: [],
    };
    const paid = Math.min(left, line.amount);
    left -= paid;
    entry.paid += paid;
    entry.owed += line.amount - paid;
    if (paid > 0) entry.lines.push({ expenseId: line.id, paid });
    byAccount.set(line.holdAccountId, entry);
  }
  return {
    payout,
    generalPaid,
    generalOwed: general - generalPaid,
    holdAccounts: [...byAccount.values()],
  };
}

export interface PayoutSources {
  /** The missionary's fund balance before the payment. */
  fundBalance: Cents;
  /** The charged hold accounts' names and balances before the payment. */
  holdAccounts: ReadonlyMap<number, { fundName: string; balance: Cents }>;
}

/** What the plan owes in all after the payment. */
export function owedAfter(plan: PayoutPlan): Cents {
  return plan.generalOwed + sum(plan.holdAccounts.map((account) => account.owed));
}

/**
 * A hold account cannot pay more than it holds (the fund may go below zero, decision 14; a hold
 * account never does): the message for the payout field, or null.
 */
export function payoutProblem(plan: PayoutPlan, sources: PayoutSources): string | null {
  for (const account of plan.holdAccounts) {
    const source = sources.holdAccounts.get(account.holdAccountId);
    const balance = source?.balance ?? 0;
    if (account.paid > balance) {
      const name = source?.fundName ?? `Hold account #${account.holdAccountId}`;
      return `${name} holds ${formatUSD(balance)}; this payout would take ${formatUSD(account.paid)} from it. Pay at most ${formatUSD(plan.payout - account.paid + balance)} now.`;
    }
  }
  return null;
}

/**
 * The confirmation the processing dialog shows, e.g. "Pay Ruth Okafor $150.00 now? It comes from
 * their fund and leaves $4,850.00; $84.62 stays owed." With hold-account lines each source is named
 * with what it leaves, and what stays owed on a hold account says the next distribution pays it from
 * there. `possessive` is the person's pronoun when one is known; no gender is stored, so "their".
 */
export function payoutSentence(
  userName: string,
  plan: PayoutPlan,
  sources: PayoutSources,
  possessive = 'their',
): string {
  const owedText = owedSentence(plan, sources);
  if (plan.payout === 0) return `Pay ${userName} nothing now? ${owedText.replace(/^./, (c) => c.toUpperCase())}`;
  const fundLeft = formatUSD(sources.fundBalance - plan.generalPaid);
  const held = plan.holdAccounts
    .filter((account) => account.paid > 0)
    .map(
      (account) =>
        `${formatUSD(account.paid)} comes from ${accountName(account.holdAccountId, sources)} and leaves ${formatUSD(
          (sources.holdAccounts.get(account.holdAccountId)?.balance ?? 0) - account.paid,
        )}`,
    );
  const parts =
    held.length === 0
      ? [`It comes from ${possessive} fund and leaves ${fundLeft}`]
      : [
          ...(plan.generalPaid > 0
            ? [`${formatUSD(plan.generalPaid)} comes from ${possessive} fund and leaves ${fundLeft}`]
            : []),
          ...held,
        ];
  return `Pay ${userName} ${formatUSD(plan.payout)} now? ${parts.join('; ')}; ${owedText}`;
}

function accountName(id: number, sources: PayoutSources): string {
  return sources.holdAccounts.get(id)?.fundName ?? `hold account #${id}`;
}

/**
 * "$84.62 stays owed." — and when some of it is charged to hold accounts, where the next
 * distribution takes it from: "$150.00 stays owed; the next distribution pays it from Kenya Project."
 */
function owedSentence(plan: PayoutPlan, sources: PayoutSources): string {
  const owed = owedAfter(plan);
  if (owed === 0) return 'nothing stays owed.';
  const held = plan.holdAccounts.filter((account) => account.owed > 0);
  if (held.length === 0) return `${formatUSD(owed)} stays owed.`;
  if (held.length === 1 && held[0].owed === owed) {
    return `${formatUSD(owed)} stays owed; the next distribution pays it from ${accountName(held[0].holdAccountId, sources)}.`;
  }
  const from = held.map((account) => `${formatUSD(account.owed)} from ${accountName(account.holdAccountId, sources)}`);
  const [first, ...rest] = from;
  const list = rest.length === 0 ? first : `${[first, ...rest.slice(0, -1)].join(', ')} and ${rest[rest.length - 1]}`;
  return `${formatUSD(owed)} stays owed; the next distribution pays ${list.replace(' from ', ' of it from ')}.`;
}

import { type Cents, formatUSD, sum } from '../money';

/**
 * A payout entered when processing a reimbursement report is paid now (docs/distribution.md "Money
 * outside a distribution"). It pays the report's general-fund lines first (debited from the
 * missionary's fund at once) and then its hold-account lines (withdrawn from their hold accounts),
 * in line order, skipping a line its account cannot cover. What it does not pay
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
  /** One entry per hold account the report charges, in the order its first line comes. */
  holdAccounts: HoldAccountPayout[];
  /** The most a payout of this report can be now: the general lines and every coverable held line. */
  payable: Cents;
  /** Held lines whose account could not cover them when their turn came: they stay owed. */
  uncovered: UncoveredLine[];
}

export interface UncoveredLine {
  expenseId: number;
  holdAccountId: number;
  amount: Cents;
  /** What the account still held when the line's turn came. */
  available: Cents;
}

export interface PayoutSources {
  /** The missionary's fund balance before the payment. */
  fundBalance: Cents;
  /** The charged hold accounts' names and balances before the payment. */
  holdAccounts: ReadonlyMap<number, { fundName: string; balance: Cents }>;
}

/**
 * Splits a payout over the report's lines, given in the report's line order (date, then entry; the
 * server and the dialog read them so). The caller has checked 0 ≤ payout ≤ Σ lines (resolvePayout).
 * General lines come first. Then the held lines in line order: a line is taken only when its hold
 * account still holds the whole line (after the lines before it, each set against it in full); otherwise it stays
 * owed and the next line is tried, so an empty account never blocks a funded one. The line where the
 * payout runs out may be paid in part. Which lines are coverable does not depend on the payout, so
 * every payout up to `payable` is paid in full and none above it is (payoutProblem).
 */
export function planPayout(lines: readonly PayoutLine[], payout: Cents, sources: PayoutSources): PayoutPlan {
  const general = sum(lines.filter((line) => line.holdAccountId === null).map((line) => line.amount));
  const generalPaid = Math.min(payout, general);
  let left = payout - generalPaid;
  let payable = general;
  const available = new Map<number, Cents>();
  const byAccount = new Map<number, HoldAccountPayout>();
  const uncovered: UncoveredLine[] = [];
  for (const line of lines) {
    if (line.holdAccountId === null) continue;
    const id = line.holdAccountId;
    const entry: HoldAccountPayout = byAccount.get(id) ?? { holdAccountId: id, paid: 0, owed: 0, lines: [] };
    byAccount.set(id, entry);
    const holds = available.get(id) ?? sources.holdAccounts.get(id)?.balance ?? 0;
    if (line.amount > holds) {
      uncovered.push({ expenseId: line.id, holdAccountId: id, amount: line.amount, available: holds });
      entry.owed += line.amount;
      continue;
    }
    payable += line.amount;
    const paid = Math.min(left, line.amount);
    left -= paid;
    // The whole line is set against the account, paid now or not: coverage never depends on the payout.
    available.set(id, holds - line.amount);
    entry.paid += paid;
    entry.owed += line.amount - paid;
    if (paid > 0) entry.lines.push({ expenseId: line.id, paid });
  }
  return {
    payout,
    generalPaid,
    generalOwed: general - generalPaid,
    holdAccounts: [...byAccount.values()],
    payable,
    uncovered,
  };
}

/** What the plan owes in all after the payment. */
export function owedAfter(plan: PayoutPlan): Cents {
  return plan.generalOwed + sum(plan.holdAccounts.map((account) => account.owed));
}

/**
 * A hold account never goes below zero (the fund may): a payout above what the lines
 * can pay now (`payable`) is refused, naming the first line that stays owed and the most that can
 * be paid. The message for the payout field, or null.
 */
export function payoutProblem(plan: PayoutPlan, sources: PayoutSources): string | null {
  if (plan.payout <= plan.payable) return null;
  const first = plan.uncovered[0];
  const most = `Pay at most ${formatUSD(plan.payable)} now.`;
  if (!first) return most;
  const name = sources.holdAccounts.get(first.holdAccountId)?.fundName ?? `Hold account #${first.holdAccountId}`;
  return `${name} holds ${formatUSD(first.available)}, less than the ${formatUSD(first.amount)} line charged to it, so that line stays owed. ${most}`;
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
  const [only] = held;
  if (only && held.length === 1 && only.owed === owed) {
    return `${formatUSD(owed)} stays owed; the next distribution pays it from ${accountName(only.holdAccountId, sources)}.`;
  }
  const from = held.map((account) => `${formatUSD(account.owed)} from ${accountName(account.holdAccountId, sources)}`);
  const last = from.pop() ?? '';
  const list = from.length === 0 ? last : `${from.join(', ')} and ${last}`;
  return `${formatUSD(owed)} stays owed; the next distribution pays ${list.replace(' from ', ' of it from ')}.`;
}

/**
 * What the processing dialog says while the payout is typed, before anything happens: who pays now,
 * and that leaving it at $0.00 lets MAT Day pay it instead, e.g. "Pay $133.68 now from Ruth Okafor's
 * fund. Leave it at $0.00 and MAT Day pays it with their next distribution." Hold-account parts are
 * named by their fund ("$100.00 from Ruth Okafor's fund and $50.00 from Kenya Project").
 */
export function payoutChoiceSentence(
  userName: string,
  plan: PayoutPlan,
  sources: PayoutSources,
  possessive = 'their',
): string {
  const later = `MAT Day pays it with ${possessive} next distribution`;
  if (plan.payout === 0) {
    const owed = owedAfter(plan);
    return owed === 0
      ? 'Nothing is due.'
      : `Nothing is paid now: ${later.replace(' it ', ` the ${formatUSD(owed)} `)}.`;
  }
  const fund = `${userName}'s fund`;
  const held = plan.holdAccounts
    .filter((account) => account.paid > 0)
    .map((account) => `${formatUSD(account.paid)} from ${accountName(account.holdAccountId, sources)}`);
  const from =
    held.length === 0
      ? `from ${fund}`
      : `: ${joinAnd([...(plan.generalPaid > 0 ? [`${formatUSD(plan.generalPaid)} from ${fund}`] : []), ...held])}`;
  return `Pay ${formatUSD(plan.payout)} now ${from}. Leave it at $0.00 and ${later}.`.replace(' now :', ' now:');
}

function joinAnd(parts: string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

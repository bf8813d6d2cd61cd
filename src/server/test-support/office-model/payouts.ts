import fc from 'fast-check';
import { fromDollars } from '../../../domain/money';
import { always, command, fail, pick, user } from './command';
import { heldBy } from './payment-model';
import { settleOtherwise } from './payments';
import { call } from './world';

/**
 * Office payouts with hold-account lines in any order: a missionary may open more hold accounts
 * (some empty), so a report's held lines land on funded and empty accounts in any order, and the
 * processing command (commands.ts) checks the line-order rule against the model's own plan. A payout
 * may then be recorded as paid by check or cash, exactly once.
 */

/** A new hold account for a missionary, empty or holding a little. */
const openAccount = fc.record({ who: fc.nat(), balance: fc.constantFrom(0, 0, 50, 300) }).map(({ who, balance }) =>
  command(`openAccount(${who}, ${balance})`, always, async (model, real) => {
    const owner = user(real, who);
    const name = `Fund ${owner.id}-${model.steps}-${model.hold.size}`;
    const answer = await call(real, 'POST', '/api/hold-account', {
      token: real.admin.token,
      json: { user_id: owner.id, fund_name: name, balance },
    });
    if (answer.status !== 201) fail(`hold account answered ${answer.status}`);
    model.hold.set(answer.body.id, fromDollars(balance));
    model.holdOwner.set(answer.body.id, owner.id);
  }),
);

/**
 * Record a report's payout as paid by check: 200 once for a reimbursement processed with a payout
 * above $0.00; 409 for any other report and for a second record. No balance moves (checkStep).
 */
const payoutPaid = fc.record({ which: fc.nat(), method: fc.constantFrom('check', 'cash') }).map(({ which, method }) =>
  command(
    `payoutPaid(${which}, ${method})`,
    (model) => model.reports.length > 0,
    async (model, real) => {
      const target = pick(model.reports, which);
      const answer = await call(real, 'POST', `/api/expense-report/${target.id}/payout-paid`, {
        token: real.admin.token,
        json: { method, reference: `R-${model.steps}` },
      });
      // A payout a payment batch holds is paid by that batch: recording it as paid otherwise is refused.
      const inBatch = heldBy(model.payments, `r:${target.id}`) !== null;
      const payable = target.state === 'processed' && (target.payout ?? 0) > 0 && !target.payoutPaid && !inBatch;
      const expected = payable ? 200 : 409;
      if (answer.status !== expected) {
        fail(`payout-paid of report #${target.id} answered ${answer.status}, not ${expected}`);
      }
      if (answer.status !== 200) return;
      target.payoutPaid = true;
      settleOtherwise(model, `r:${target.id}`);
    },
  ),
);

export const payoutCommands = [openAccount, payoutPaid];

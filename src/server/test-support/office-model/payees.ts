import fc from 'fast-check';
import { command, fail, user } from './command';
import { drafts, type Method, type PaymentModel, paymentStats } from './payment-model';
import { call } from './world';

/**
 * Payees changing their bank details in the office model (docs/payments.md "Bank details", "Holds"):
 * every change is a new version, and the payee's draft lines take it and are held for review.
 */

/** New bank details for ACH and wires: a new account number each time, so every save is a change. */
function detailsFor(method: Method, p: PaymentModel, name: string): Record<string, string> {
  p.accounts += 1;
  if (method === 'ach') {
    return {
      payout_method: 'ach',
      bank_routing_number: '021000021',
      bank_account_number: String(20_000_000 + p.accounts),
      bank_account_type: p.accounts % 2 === 0 ? 'checking' : 'savings',
    };
  }
  if (method === 'wire') {
    return {
      payout_method: 'wire',
      beneficiary_name: name,
      bank_country: 'KE',
      bank_currency: 'KES',
      bic: 'KCBLKENX',
      bank_account_number: String(30_000_000 + p.accounts),
    };
  }
  return { payout_method: method };
}

/**
 * A payee changes their bank details (an admin types them): a new version, mailed; their draft lines
 * take it and are held for review (no details: held until they enter some). Sending check or none
 * again changes nothing.
 */
export const changeDetails = fc
  .record({ who: fc.nat(), method: fc.constantFrom<Method>('ach', 'ach', 'wire', 'check', 'none') })
  .map(({ who, method }) =>
    command(
      `changeDetails(${who}, ${method})`,
      () => true,
      async (model, real) => {
        const p = model.payments;
        const owner = user(real, who);
        const payee = p.payees.get(owner.id)!;
        const answer = await call(real, 'POST', `/api/user/${owner.id}/bank-details`, {
          token: real.admin.token,
          json: detailsFor(method, p, owner.name),
        });
        if (answer.status !== 200) fail(`saving ${method} bank details answered ${answer.status}`);
        if (method === payee.method && (method === 'check' || method === 'none')) return;
        payee.version += 1;
        payee.method = method;
        for (const line of drafts(p).flatMap((b) => b.lines)) {
          if (line.userId !== owner.id) continue;
          Object.assign(line, { method, version: payee.version, status: 'held' });
          line.heldCode = method === 'none' ? 'no_details' : 'details_changed';
        }
        paymentStats.detailsChanged += 1;
      },
    ),
  );

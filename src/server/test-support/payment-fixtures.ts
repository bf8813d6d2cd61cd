/**
 * The payment office the payment-batch tests share (docs/payments.md "Settings"): one company, one
 * originating bank for ACH and one debtor account for wires, and an ACH payee's details. Kept in one
 * place so the batch tests and the statement's "How it was paid" read the same office.
 */
export const PAYMENT_SETTINGS = {
  company_name: 'Sheepfold',
  company_id: '1123456789',
  origin_routing_number: '021000021',
  origin_bank_name: 'JPMorgan Chase',
  debtor_name: 'Sheepfold Mission',
  debtor_account_number: '000123456',
  debtor_bic: 'CHASUS33',
};

/** A checking account at the originating bank: its NACHA entry reads back as 021000021 / 123456789. */
export const ACH_DETAILS = {
  payout_method: 'ach',
  bank_routing_number: '021000021',
  bank_account_number: '123456789',
  bank_account_type: 'checking',
};

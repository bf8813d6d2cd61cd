/**
 * Why a payment came back: the one table of return reasons, read by the bank's return file
 * (nacha-returns.ts), the return route and its dialog (returns.ts) and the statement. ACH returns
 * carry a NACHA return reason code (R01–R85, the codes of the NACHA Operating Rules, Appendix Four);
 * wires come back with an ISO 20022 return reason (ExternalReturnReason1Code), of which the ones
 * banks use for credit transfers are listed; a check never cashed is voided. Notifications of change
 * (C01–C14) are not returns: the payment arrived, but the details must be corrected before the next one.
 */
export const ACH_RETURN_REASONS: Readonly<Record<string, string>> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account, or unable to locate account',
  R04: 'Invalid account number structure',
  R05: 'Unauthorized debit to a consumer account using a corporate SEC code',
  R06: "Returned per the ODFI's request",
  R07: 'Authorization revoked by customer',
  R08: 'Payment stopped',
  R09: 'Uncollected funds',
  R10: 'Customer advises originator is not known or not authorized',
  R11: 'Customer advises entry not in accordance with the terms of the authorization',
  R12: 'Account sold to another DFI',
  R13: 'Invalid ACH routing number',
  R14: 'Representative payee deceased or unable to continue in that capacity',
  R15: 'Beneficiary or account holder deceased',
  R16: 'Account frozen, or entry returned per OFAC instruction',
  R17: 'File record edit criteria, or entry with invalid account number initiated under questionable circumstances',
  R18: 'Improper effective entry date',
  R19: 'Amount field error',
  R20: 'Non-transaction account',
  R21: 'Invalid company identification',
  R22: 'Invalid individual ID number',
  R23: 'Credit entry refused by receiver',
  R24: 'Duplicate entry',
  R25: 'Addenda error',
  R26: 'Mandatory field error',
  R27: 'Trace number error',
  R28: 'Routing number check digit error',
  R29: 'Corporate customer advises not authorized',
  R30: 'RDFI not participant in check truncation program',
  R31: 'Permissible return entry (CCD and CTX only)',
  R32: 'RDFI non-settlement',
  R33: 'Return of XCK entry',
  R34: 'Limited participation DFI',
  R35: 'Return of improper debit entry',
  R36: 'Return of improper credit entry',
  R37: 'Source document presented for payment',
  R38: 'Stop payment on source document',
  R39: 'Improper source document, or source document presented for payment',
  R40: 'Return of ENR entry by federal government agency',
  R41: 'Invalid transaction code (ENR)',
  R42: 'Routing number or check digit error (ENR)',
  R43: 'Invalid DFI account number (ENR)',
  R44: 'Invalid individual ID number or identification number (ENR)',
  R45: 'Invalid individual name or company name (ENR)',
  R46: 'Invalid representative payee indicator (ENR)',
  R47: 'Duplicate enrollment (ENR)',
  R50: 'State law affecting RCK acceptance',
  R51: 'Item related to RCK entry is ineligible or RCK entry is improper',
  R52: 'Stop payment on item related to RCK entry',
  R53: 'Item and RCK entry presented for payment',
  R61: 'Misrouted return',
  R62: 'Return of erroneous or reversing debit',
  R67: 'Duplicate return',
  R68: 'Untimely return',
  R69: 'Field errors',
  R70: 'Permissible return entry not accepted, or return not requested by ODFI',
  R71: 'Misrouted dishonored return',
  R72: 'Untimely dishonored return',
  R73: 'Timely original return',
  R74: 'Corrected return',
  R75: 'Return not a duplicate',
  R76: 'No errors found',
  R77: 'Non-acceptance of R62 dishonored return',
  R80: 'IAT entry coding error',
  R81: 'Non-participant in IAT program',
  R82: 'Invalid foreign receiving DFI identification',
  R83: 'Foreign receiving DFI unable to settle',
  R84: 'Entry not processed by gateway',
  R85: 'Incorrectly coded outbound international payment',
};

/** ISO 20022 return reasons a beneficiary's bank gives for a wire it sends back. */
export const WIRE_RETURN_REASONS: Readonly<Record<string, string>> = {
  AC01: 'Incorrect account number',
  AC03: 'Invalid creditor account number',
  AC04: 'Closed account number',
  AC06: 'Blocked account',
  AC13: 'Invalid debtor account type',
  AG01: 'Transaction forbidden on this type of account',
  AG02: 'Invalid bank operation code',
  AM04: 'Insufficient funds',
  AM05: 'Duplication',
  AM09: 'Wrong amount',
  BE01: 'Creditor name does not match the account holder',
  BE04: 'Missing creditor address',
  CURR: 'Incorrect currency',
  CUST: 'Requested by customer',
  FOCR: 'Following a cancellation request',
  MD07: 'End customer deceased',
  MS02: 'Reason not specified, customer generated',
  MS03: 'Reason not specified, agent generated',
  NARR: 'Narrative reason',
  RC01: 'Bank identifier (BIC) incorrect',
  RR01: 'Missing debtor account or identification',
  RR02: 'Missing debtor name or address',
  RR03: 'Missing creditor name or address',
  RR04: 'Regulatory reason',
};

/** A check that is never cashed comes back as void. */
export const CHECK_VOID = 'VOID';
export const CHECK_RETURN_REASONS: Readonly<Record<string, string>> = { [CHECK_VOID]: 'Check voided (never cashed)' };

/** NACHA notification of change codes: what the receiving bank says to correct. */
export const ACH_CHANGE_REASONS: Readonly<Record<string, string>> = {
  C01: 'Incorrect DFI account number',
  C02: 'Incorrect routing number',
  C03: 'Incorrect routing number and DFI account number',
  C05: 'Incorrect transaction code',
  C06: 'Incorrect DFI account number and transaction code',
  C07: 'Incorrect routing number, DFI account number and transaction code',
  C08: 'Incorrect receiving DFI identification (IAT)',
  C09: 'Incorrect individual identification number',
  C13: 'Addenda format error',
  C14: 'Incorrect SEC code for outbound international payment',
};

const REASONS_BY_METHOD = { ach: ACH_RETURN_REASONS, wire: WIRE_RETURN_REASONS, check: CHECK_RETURN_REASONS };

/** The codes a payment made by this method can come back with (none for a payee without a method). */
export function returnReasonsOf(method: 'ach' | 'wire' | 'check' | 'none'): Readonly<Record<string, string>> {
  return method === 'none' ? {} : REASONS_BY_METHOD[method];
}

/**
 * The reason a return code stands for, for the method of the line it returns, or null when the code
 * is not one of that method's: an ACH line takes R01–R85, a wire line an ISO reason, a check VOID.
 */
export function returnReason(method: 'ach' | 'wire' | 'check', code: string): string | null {
  const table = REASONS_BY_METHOD[method];
  const key = code.trim().toUpperCase();
  return Object.hasOwn(table, key) ? (table[key] ?? null) : null;
}
